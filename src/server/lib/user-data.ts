import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { isAction, isSubject } from '../../shared/permissions/rules.ts'
import type { UserData } from '../../shared/schemas/auth-session.ts'
import type { Db } from '../db/client.ts'
import { roleRules, roles, userCampuses, userRoles } from '../db/schema/access.ts'
import { users } from '../db/schema/auth.ts'
import { campuses, institutes } from '../db/schema/institutes.ts'
import { logoOf } from '../../shared/schemas/institutes.ts'

export type UserRow = typeof users.$inferSelect

/** The client's view of a user (§3): identity, main role, its home route and the ability. */
export async function buildUserData(
  db: Db,
  user: UserRow,
  impersonatedBy?: string,
): Promise<UserData> {
  const assigned = await db
    .select({ id: roles.id, name: roles.name, homeRoute: roles.homeRoute })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(desc(roles.isSystem), asc(roles.name))
  const rules = assigned.length
    ? await db
        .selectDistinct({ action: roleRules.action, subject: roleRules.subject })
        .from(roleRules)
        .where(sql`${roleRules.roleId} in ${assigned.map((r) => r.id)}`)
    : []
  const main = assigned[0]
  const limitedTo = await db
    .select({ id: userCampuses.campusId })
    .from(userCampuses)
    .innerJoin(
      campuses,
      and(
        eq(campuses.instituteId, userCampuses.instituteId),
        eq(campuses.id, userCampuses.campusId),
      ),
    )
    .where(and(eq(userCampuses.instituteId, user.instituteId), eq(userCampuses.userId, user.id)))
    .orderBy(asc(campuses.position), asc(campuses.name))
  const [row] = await db.select().from(institutes).where(eq(institutes.id, user.instituteId))
  const institute = row && {
    id: row.id,
    slug: row.slug,
    name: row.name,
    currency: row.currency,
    currencyDigits: row.currencyDigits,
    timezone: row.timezone,
    shortName: row.shortName,
    logo: logoOf(row),
  }
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    role: main?.name ?? 'none',
    homeRoute: main?.homeRoute ?? '/',
    // Everyone may read the open pages (§6), whatever the roles say.
    ability: [
      { action: 'read', subject: 'Auth' },
      ...rules.flatMap(({ action, subject }) =>
        isAction(action) && isSubject(subject) ? [{ action, subject }] : [],
      ),
    ],
    mustChangePassword: user.mustChangePassword,
    ...(limitedTo.length > 0 && { campusIds: limitedTo.map((c) => c.id) }),
    ...(impersonatedBy && { impersonatedBy }),
    ...(user.isPlatformAdmin && !impersonatedBy && { platformAdmin: true }),
    ...(institute && { institute }),
  }
}
