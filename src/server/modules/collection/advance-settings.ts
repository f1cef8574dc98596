import { eq } from 'drizzle-orm'
import { defaultAdvanceSettings, type AdvanceSettings } from '../../../shared/schemas/advances.ts'
import type { Db } from '../../db/client.ts'
import { advanceSettings } from '../../db/schema/collection.ts'

/**
 * The institute's advance policy and the day closings' approval amount, the defaults until it
 * is saved.
 */
export async function advanceSettingsOf(db: Db, instituteId: string): Promise<AdvanceSettings> {
  const [row] = await db
    .select({
      autoApply: advanceSettings.autoApply,
      approvalAboveMinor: advanceSettings.approvalAboveMinor,
      dayDifferenceApprovalAboveMinor: advanceSettings.dayDifferenceApprovalAboveMinor,
    })
    .from(advanceSettings)
    .where(eq(advanceSettings.instituteId, instituteId))
  return row ?? defaultAdvanceSettings
}

export async function saveAdvanceSettings(
  db: Db,
  instituteId: string,
  settings: AdvanceSettings,
  updatedBy: string,
) {
  const values = { ...settings, updatedBy, updatedAt: new Date() }
  await db
    .insert(advanceSettings)
    .values({ instituteId, ...values })
    .onConflictDoUpdate({ target: advanceSettings.instituteId, set: values })
}
