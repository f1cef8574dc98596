import { fiscalYearStartOf } from '../../../../shared/fiscal-year.ts'
import type { Db } from '../../../db/client.ts'
import { coaSettingsOf } from '../../accounting/fiscal-year.ts'
import { openPeriod } from '../../accounting/open-period.ts'
import { instituteToday } from '../../../lib/today.ts'

/**
 * The day a new VAT rate or fine rule starts unless the user picks another. Not today: a rate
 * saved in December must reach the invoices of November's run, and a fine rule the lines
 * already overdue. A VAT rate starts with the current fiscal year, a fine rule with the earliest
 * open day (the previous fiscal year's start); neither before the day after the lock date.
 */
export async function ruleStartDefaults(db: Db, instituteId: string) {
  const today = await instituteToday(db, instituteId)
  const { fiscalYearStartMonth, lockDate } = await coaSettingsOf(db, instituteId)
  const open = openPeriod(today, fiscalYearStartMonth, lockDate)
  const yearStart = fiscalYearStartOf(today, fiscalYearStartMonth)
  return { vatFrom: yearStart > open.from ? yearStart : open.from, fineFrom: open.from }
}
