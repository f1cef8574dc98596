import { notExists, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaSettings } from '../../db/schema/accounting.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { createDefaultRoles } from '../access/default-roles.ts'
import { createDefaultChart } from '../accounting/default-chart.ts'

/** What every new institute starts with: its roles and its chart of accounts. */
export async function setUpInstitute(db: Db, instituteId: string) {
  const roles = await createDefaultRoles(db, instituteId)
  await createDefaultChart(db, instituteId)
  return roles
}

/** Institutes created before accounting existed get the default chart once, at start. */
export async function completeInstitutes(db: Db) {
  const missing = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(
      notExists(db.select().from(coaSettings).where(eq(coaSettings.instituteId, institutes.id))),
    )
  for (const { id } of missing) {
    await db.transaction((tx) => createDefaultChart(tx, id))
  }
}
