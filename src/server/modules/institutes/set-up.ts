import { notExists, eq } from 'drizzle-orm'
import { minorUnitDigits } from '../../../shared/money.ts'
import type { Db } from '../../db/client.ts'
import { userRoles } from '../../db/schema/access.ts'
import { coaSettings } from '../../db/schema/accounting.ts'
import { users } from '../../db/schema/auth.ts'
import { campuses, institutes } from '../../db/schema/institutes.ts'
import { createDefaultRoles } from '../access/default-roles.ts'
import { createDefaultChart } from '../accounting/default-chart.ts'

/** Every institute has a campus from the start; the office renames it or adds others. */
const mainCampus = { name: 'Main campus', code: 'MAIN', position: 0 }

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

type NewInstitute = Pick<typeof institutes.$inferInsert, 'slug' | 'name'> &
  Partial<
    Pick<typeof institutes.$inferInsert, 'currency' | 'timezone' | 'idempotencyKey' | 'payloadHash'>
  >

/**
 * A new institute set up as every institute starts (sign-up and platform administrators both
 * come this way), with its first admin holding the admin role; in the caller's transaction.
 */
export async function createInstitute(
  tx: Db,
  values: NewInstitute,
  admin: Omit<typeof users.$inferInsert, 'instituteId'>,
) {
  const [institute] = await tx
    .insert(institutes)
    .values({ ...values, currencyDigits: minorUnitDigits(values.currency ?? 'BDT') })
    .returning()
  if (!institute) throw new Error('institute not created')
  const { adminRoleId } = await setUpInstitute(tx, institute.id)
  const [user] = await tx
    .insert(users)
    .values({ ...admin, instituteId: institute.id })
    .returning()
  if (!user) throw new Error('user not created')
  await tx.insert(userRoles).values({ userId: user.id, roleId: adminRoleId })
  return { institute, user }
}
