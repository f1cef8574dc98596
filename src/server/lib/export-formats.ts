import { minorToDecimalString } from '../../shared/money.ts'
import type { Locale } from './messages.ts'

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/**
 * How a staff member's spreadsheet reads dates, times, numbers and money: in their language,
 * times on the institute's clock. Where the decimal mark is a comma, spreadsheets split columns
 * at semicolons, so the file does too.
 */
export function formatsFor(locale: Locale, timezone: string, digits: number) {
  const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const
  const onClock = new Intl.DateTimeFormat(locale, { ...day, timeZone: timezone })
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  })
  // A calendar day is no moment: it is formatted as it is, in UTC.
  const calendar = new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' })
  const decimals = (min: number, max: number) =>
    new Intl.NumberFormat(locale, {
      useGrouping: false,
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    })
  const number = decimals(0, 6)
  const money = decimals(digits, digits)
  const decimalMark = number.formatToParts(1.5).find((p) => p.type === 'decimal')?.value
  // Intl takes exact decimal strings (Intl.NumberFormat v3): no float is involved.
  const exact = (text: string) => text as unknown as number
  return {
    separator: decimalMark === ',' ? ';' : ',',
    moment: (at: Date | null) => (at ? `${onClock.format(at)} ${clock.format(at)}` : ''),
    day: (value: string) => (isoDay.test(value) ? calendar.format(new Date(value)) : value),
    number: (value: string) => number.format(exact(value)),
    money: (minor: number) => money.format(exact(minorToDecimalString(minor, digits))),
  }
}
