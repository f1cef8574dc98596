import { assertMinor } from './arithmetic.ts'

/*
 * A fine waived, in part or whole: from the day a waiver is granted, the line's fine is what the
 * fine rules ask (fine.ts) less the waivers granted by then. A waiver takes off at most the fine
 * (a later fine falling under it, say a rule changed, leaves 0, never a credit), and a fine that
 * grows after the waiver grows from what was left: a per-day fine waived on day 10 is charged
 * again from day 11.
 */

interface FineWaiver {
  /** The day it was granted (YYYY-MM-DD). */
  waivedOn: string
  /** Minor units. */
  amount: number
}

export interface WaivedFine {
  /** The fine the rules ask, before any waiver. */
  fine: number
  /** What the waivers granted by the day take off it (at most the fine). */
  waived: number
  /** What is charged: fine − waived, never negative. */
  amount: number
}

/** The fine of a line as of a day with the waivers granted by then taken off. */
export function waiveFine(fine: number, waivers: readonly FineWaiver[], asOf: string): WaivedFine {
  assertMinor(fine, 'A fine')
  let granted = 0
  for (const w of waivers) {
    assertMinor(w.amount, 'A waiver')
    if (w.waivedOn <= asOf) granted += w.amount
  }
  const waived = Math.min(granted, fine)
  return { fine, waived, amount: fine - waived }
}
