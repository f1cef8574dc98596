import * as v from 'valibot'
import { asciiDigits } from './digits.ts'
import { dateTimeFormat } from './intl-formats.ts'
import { isoDate } from './schemas/dates.ts'

/** The order a language writes a date's numbers in: 14.03.2015 (dmy), 03/14/2015 (mdy). */
export type DateOrder = 'dmy' | 'mdy' | 'ymd'

/**
 * The locale whose conventions dates are written in: the browser's own tag when it speaks the
 * app's language (`en-GB` for English in Britain), else the app's language itself.
 */
export function regionalLocale(appLocale: string, browserLanguages: readonly string[]): string {
  const own = browserLanguages.find((tag) => tag.slice(0, 2).toLowerCase() === appLocale)
  return own ?? appLocale
}

/** The order of day, month and year in a locale's numeric dates. */
export function dateOrderOf(locale: string): DateOrder {
  const parts = dateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(new Date(Date.UTC(2015, 2, 14)))
  const first = parts.find((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
  if (first?.type === 'year') return 'ymd'
  return first?.type === 'month' ? 'mdy' : 'dmy'
}

const yearFirst = /^(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})$/
const yearLast = /^(\d{1,2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{4})$/

const pad = (n: string) => n.padStart(2, '0')

/** YYYY-MM-DD when the numbers name a day that exists (no 31 February), else undefined. */
function realDay(year: string, month: string, day: string): string | undefined {
  const iso = `${year}-${pad(month)}-${pad(day)}`
  return v.safeParse(isoDate, iso).success ? iso : undefined
}

/**
 * A date as people type it: 14.03.2015, 14/03/2015, 14-3-2015 or 2015-03-14. Numbers that
 * could be read either way (04/03/2015) are read in the locale's order; when only one reading
 * is a real day (14/03/2015 in the US) that one is meant.
 * Undefined when the text is not written as a date at all; `{ date: undefined }` when it is
 * but names no real day.
 */
export function parseTypedDate(
  text: string,
  order: DateOrder,
): { date: string | undefined } | undefined {
  const typed = asciiDigits(text.trim())
  const iso = yearFirst.exec(typed)
  if (iso) return { date: realDay(iso[1]!, iso[2]!, iso[3]!) }
  const local = yearLast.exec(typed)
  if (!local) return undefined
  const [, a, b, year] = local as unknown as [string, string, string, string]
  const dayFirst = realDay(year, b, a)
  const monthFirst = realDay(year, a, b)
  return { date: order === 'mdy' ? (monthFirst ?? dayFirst) : (dayFirst ?? monthFirst) }
}
