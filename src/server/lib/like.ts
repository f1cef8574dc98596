/** An ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
