import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaSettings } from '../../db/schema.ts'
import { defaultFiscalYearStartMonth, defaultLevelDigits } from './default-chart.ts'

/** The calendar year a date's fiscal year starts in (YYYY-MM-DD, months 1–12). */
export function fiscalYearOf(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  return month >= startMonth ? year : year - 1
}

export async function coaSettingsOf(db: Db, instituteId: string) {
  const [row] = await db.select().from(coaSettings).where(eq(coaSettings.instituteId, instituteId))
  return {
    levelDigits: row?.levelDigits ?? defaultLevelDigits,
    fiscalYearStartMonth: row?.fiscalYearStartMonth ?? defaultFiscalYearStartMonth,
  }
}
