/** How a changed amount is rounded: to the minor unit, or to 10 or 100 units of the currency. */
export const feeRoundings = ['minor', 'ten', 'hundred'] as const
export type FeeRounding = (typeof feeRoundings)[number]

/**
 * An amount (minor units) changed by `changeBp` basis points (+500 = 5 % more, -1000 = 10 %
 * less) and rounded half up to the rounding's step, exactly: integer arithmetic on BigInt, no
 * floating point. `digits` are the currency's minor-unit digits (a step of 10 BDT is 1000
 * paisa). Never below zero.
 */
export function adjustAmount(
  amountMinor: number,
  changeBp: number,
  rounding: FeeRounding,
  digits: number,
): number {
  const unit = rounding === 'minor' ? 1n : (rounding === 'ten' ? 10n : 100n) * 10n ** BigInt(digits)
  const scaled = BigInt(amountMinor) * BigInt(10_000 + changeBp)
  if (scaled <= 0n) return 0
  const denominator = 10_000n * unit
  // Half up: add half the step before dividing (both sides are non-negative here).
  const steps = (scaled * 2n + denominator) / (denominator * 2n)
  return Number(steps * unit)
}
