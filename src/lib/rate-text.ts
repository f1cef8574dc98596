import { minorToDecimalString, parseMajorAmount } from '../shared/money.ts'

/*
 * A percentage as typed ("12.5", "12,5" in de, fr, pt) and basis points, exactly: a percent
 * with at most two decimals is a whole number of hundredths, read as text like money.
 */

/** Basis points from typed text; undefined when it is not a percent with at most 2 decimals. */
export const parsePercent = (text: string, decimal: '.' | ','): number | undefined =>
  parseMajorAmount(text.replace('%', ''), 2, decimal)

/** Basis points as text to edit. */
export const percentInput = (bp: number, decimal: '.' | ',') =>
  minorToDecimalString(bp, 2)
    .replace(/\.?0+$/, '')
    .replace('.', decimal)
