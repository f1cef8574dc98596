import type { ConcessionTerms } from '../schemas/fee-rules.ts'
import { fullRateBp } from '../schemas/fee-rules.ts'
import { assertMinor, mulDiv, mulDivHalfUp } from './arithmetic.ts'

/*
 * Concessions on an invoice line. Several on one line apply in this order:
 * 1. fixed amounts, in the order given, each at most what is left of the gross;
 * 2. percentages, each of what the fixed ones leave (they add up: 10 % + 20 % take 30 % of it,
 *    not 10 % then 20 % of the rest), each rounded half-up by itself, each at most what is left.
 * Fixed first so that a percentage never counts money the student does not pay anyway; and as
 * the percentages share one base, the order they come in changes nothing unless together they
 * pass the gross (then the last ones are cut). The total is never more than the gross and never
 * negative; a percentage over 100 % is refused (concession_over_100).
 */

export type Concession = ConcessionTerms & { id: string }

/** A concession as applied; `C` keeps what the caller's concession carries (its category…). */
export interface AppliedConcession<C extends Concession = Concession> {
  concession: C
  /** What the concession was taken from (the gross less the fixed concessions, for a percent). */
  base: number
  amount: number
}

export type ConcessionRefusal = { ok: false; code: 'concession_over_100'; concessionId: string }

type ConcessionsApplied<C extends Concession = Concession> =
  { ok: true; total: number; applied: AppliedConcession<C>[] } | ConcessionRefusal

export function applyConcessions<C extends Concession>(
  gross: number,
  concessions: readonly C[],
): ConcessionsApplied<C> {
  assertMinor(gross, 'A gross amount')
  const applied: AppliedConcession<C>[] = []
  let left = gross
  for (const concession of concessions) {
    if (concession.kind !== 'fixed') continue
    assertMinor(concession.amount, 'A concession')
    const amount = Math.min(concession.amount, left)
    applied.push({ concession, base: gross, amount })
    left -= amount
  }
  const base = left
  for (const concession of concessions) {
    if (concession.kind !== 'percent') continue
    if (concession.rateBp > fullRateBp) {
      return { ok: false, code: 'concession_over_100', concessionId: concession.id }
    }
    if (!Number.isSafeInteger(concession.rateBp) || concession.rateBp < 0) {
      throw new RangeError(`A concession rate must be whole basis points, got ${concession.rateBp}`)
    }
    const amount = Math.min(mulDivHalfUp(base, concession.rateBp, fullRateBp), left)
    applied.push({ concession, base, amount })
    left -= amount
  }
  return { ok: true, total: gross - left, applied }
}

/**
 * A fixed amount for "all heads" shared across a student's lines of a period in proportion to
 * their gross, by the largest-remainder method: each line gets the whole part of its share,
 * and the minor units left go to the largest remainders (the earlier line on a tie), so the
 * parts sum exactly to the amount. An amount above the lines' total is cut to that total; no
 * part exceeds its line.
 */
export function allocateFixed(amount: number, grosses: readonly number[]): number[] {
  assertMinor(amount, 'A concession')
  grosses.forEach((g) => assertMinor(g, 'A gross amount'))
  const whole = grosses.reduce((sum, g) => sum + g, 0)
  assertMinor(whole, 'The lines’ total')
  if (whole === 0) return grosses.map(() => 0)
  const total = Math.min(amount, whole)
  const shares = grosses.map((g) => mulDiv(total, g, whole))
  const parts = shares.map((s) => s.quotient)
  let leftover = total - parts.reduce((sum, p) => sum + p, 0)
  const byRemainder = shares
    .map((s, i) => ({ i, remainder: s.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i)
  for (const { i } of byRemainder) {
    if (leftover === 0) break
    parts[i]! += 1
    leftover -= 1
  }
  return parts
}
