/**
 * Fiscal years on both sides: the server numbers vouchers and opens periods by them, the client
 * shows reports for them. Dates are YYYY-MM-DD days in the institute's calendar; months 1–12.
 */

/** The calendar year a date's fiscal year starts in. */
export function fiscalYearOf(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  return month >= startMonth ? year : year - 1
}

/** The first day of the fiscal year that starts in `year`. */
export const fiscalYearStart = (year: number, startMonth: number) =>
  `${year}-${String(startMonth).padStart(2, '0')}-01`

/** The first day of the fiscal year a date belongs to. */
export const fiscalYearStartOf = (date: string, startMonth: number) =>
  fiscalYearStart(fiscalYearOf(date, startMonth), startMonth)
