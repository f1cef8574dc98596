/** The middle value of some runs (the upper one of an even count); 0 for none. */
export const median = (runs: number[]) =>
  [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0
