import { defaultFiscalYearStartMonth } from '../modules/accounting/default-chart.ts'
import { fiscalYearOf } from '../../shared/fiscal-year.ts'
import { todayIn } from '../lib/today.ts'

/**
 * Dates for tests, counted from today in the demo institute's calendar (Asia/Dhaka, fiscal year
 * from July), so that the suites keep their meaning as the years pass.
 */
export const demoToday = () => todayIn('Asia/Dhaka')

/** The year the current fiscal year starts in, plus `offset` (-1 the previous one, 1 the next). */
export const fiscalYear = (offset = 0) =>
  fiscalYearOf(demoToday(), defaultFiscalYearStartMonth) + offset

/** A day ('MM-DD', July to June) of the fiscal year `offset` years from the current one. */
export function inFiscalYear(offset: number, monthDay: string): string {
  const year = fiscalYear(offset)
  const month = Number(monthDay.slice(0, 2))
  return `${month >= defaultFiscalYearStartMonth ? year : year + 1}-${monthDay}`
}
