import type { VatRateInput } from '../schemas/fee-rules.ts'
import { fullRateBp } from '../schemas/fee-rules.ts'
import { assertMinor, mulDivHalfUp } from './arithmetic.ts'

/*
 * VAT of one invoice line, rounded per line half-up to the minor unit (what the VAT screen
 * states). The VAT figure is the rounded one in both cases:
 * - exclusive (the amount is before VAT): vat = round_half_up(amount × bp / 10000), and the
 *   line asks amount + vat;
 * - inclusive (the amount already holds the VAT): vat = round_half_up(amount × bp / (10000 + bp)),
 *   the VAT part of the amount, and the line asks the amount itself.
 * For inclusive amounts this is gross − round_half_down(gross × 10000 / (10000 + bp)): it differs
 * from rounding the net part half-up only on an exact tie, where the half goes to the VAT (3 at
 * 20 % holds 0.5 of VAT: 1, not 0). Exact for every safe amount (BigInt where products are large).
 */

export interface VatRate extends VatRateInput {
  id: string
}

/** The rate in force on a day: the latest effectiveFrom on or before it, null before the first. */
export function vatRateOn<T extends VatRateInput>(history: readonly T[], date: string): T | null {
  let found: T | null = null
  for (const rate of history) {
    if (rate.effectiveFrom <= date && (!found || rate.effectiveFrom > found.effectiveFrom)) {
      found = rate
    }
  }
  return found
}

/** The VAT of an amount at a rate (see above for inclusive and exclusive). */
export function vatOf(amount: number, rate: Pick<VatRateInput, 'rateBp' | 'inclusive'>): number {
  assertMinor(amount, 'An amount')
  if (rate.rateBp < 0 || rate.rateBp > fullRateBp) throw new RangeError('A VAT rate is 0–10000 bp')
  return rate.inclusive
    ? mulDivHalfUp(amount, rate.rateBp, fullRateBp + rate.rateBp)
    : mulDivHalfUp(amount, rate.rateBp, fullRateBp)
}
