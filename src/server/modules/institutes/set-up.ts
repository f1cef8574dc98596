import { notExists, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userRoles } from '../../db/schema/access.ts'
import { coaSettings } from '../../db/schema/accounting.ts'
import { users } from '../../db/schema/auth.ts'
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

export type NewInstitute = Pick<typeof institutes.$inferInsert, 'slug' | 'name'> &
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
  const [institute] = await tx.insert(institutes).values(values).returning()
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
