import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaSettings } from '../../db/schema/accounting.ts'
import { defaultFiscalYearStartMonth, defaultLevelDigits } from './default-chart.ts'

/**
 * The institute's COA settings, defaults where none were saved. `lock` holds the row until the
 * caller's transaction ends: 'share' while posting (the lock date cannot move under a voucher
 * being posted), 'update' while changing them.
 */
export async function coaSettingsOf(db: Db, instituteId: string, lock?: 'share' | 'update') {
  const query = db.select().from(coaSettings).where(eq(coaSettings.instituteId, instituteId))
  const [row] = await (lock ? query.for(lock) : query)
  return {
    levelDigits: row?.levelDigits ?? defaultLevelDigits,
    fiscalYearStartMonth: row?.fiscalYearStartMonth ?? defaultFiscalYearStartMonth,
    lockDate: row?.lockDate ?? null,
  }
}
