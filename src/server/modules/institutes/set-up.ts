import { notExists, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaSettings } from '../../db/schema/accounting.ts'
import { campuses, institutes } from '../../db/schema/institutes.ts'
import { createDefaultRoles } from '../access/default-roles.ts'
import { createDefaultChart } from '../accounting/default-chart.ts'

/** Every institute has a campus from the start; the office renames it or adds others. */
export const mainCampus = { name: 'Main campus', code: 'MAIN', position: 0 }

/** What every new institute starts with: its roles, its chart of accounts and a campus. */
export async function setUpInstitute(db: Db, instituteId: string) {
  const roles = await createDefaultRoles(db, instituteId)
  await createDefaultChart(db, instituteId)
  await db.insert(campuses).values({ ...mainCampus, instituteId })
  return roles
}

/**
 * Institutes created before accounting or campuses existed get the default chart and a main
 * campus once, at start.
 */
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
  const campusless = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(notExists(db.select().from(campuses).where(eq(campuses.instituteId, institutes.id))))
  if (campusless.length > 0) {
    await db
      .insert(campuses)
      .values(campusless.map(({ id }) => ({ ...mainCampus, instituteId: id })))
  }
}
