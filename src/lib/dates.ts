import { instituteTimeZone } from './institute.ts'

/**
 * Today as YYYY-MM-DD: on the signed-in institute's calendar (its time zone), else on the
 * browser's.
 */
export function todayIso(now = new Date(), timeZone = instituteTimeZone()): string {
  if (timeZone) return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}

/** A YYYY-MM-DD day as a local Date, for formatting (never shifted by a time zone). */
export function dayDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1)
}
