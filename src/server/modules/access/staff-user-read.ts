import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import type { StaffUser } from '../../../shared/schemas/access.ts'
import type { UserListQuerySchema } from '../../../shared/schemas/access-queries.ts'
import type { Db } from '../../db/client.ts'
import { roles, userCampuses, userRoles } from '../../db/schema/access.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { users } from '../../db/schema/auth.ts'
import { containing } from '../../lib/like.ts'

type UserListQuery = v.InferOutput<typeof UserListQuerySchema>

// From the audit log: session rows also come from token refreshes and impersonations. Written
// out in full, since the query builder leaves single-table column names unqualified.
const lastSignIn = sql<Date | null>`(select max(l.created_at) from audit_log l
  where l.user_id = "users"."id" and l.action = 'login')`.mapWith((value) =>
  value ? new Date(value) : null,
)

const columns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  lastSignInAt: lastSignIn,
}

const sortColumns = {
  username: sql`lower(${users.username})`,
  fullName: sql`lower(${users.fullName})`,
  status: users.status,
  createdAt: users.createdAt,
}

/** One page of an institute's staff, with their roles. */
export async function listStaffUsers(db: Db, instituteId: string, query: UserListQuery) {
  const conditions: SQL[] = [eq(users.instituteId, instituteId)]
  if (query.q) {
    const like = containing(query.q)
    conditions.push(
      or(ilike(users.username, like), ilike(users.fullName, like), ilike(users.email, like))!,
    )
  }
  if (query.status) conditions.push(eq(users.status, query.status))
  if (query.roleId) {
    conditions.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id}
        and ${userRoles.roleId} = ${query.roleId})`,
    )
  }
  const where = and(...conditions)
  const sortBy = sortColumns[query.sortBy ?? 'username']
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(query.sortDesc ? desc(sortBy) : asc(sortBy), asc(users.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where)
  return { data: await withRoles(db, instituteId, rows), total: count?.total ?? 0 }
}

/** One staff user of the institute, or undefined — another institute's user is not found. */
export async function findStaffUser(
  db: Db,
  instituteId: string,
  userId: string,
): Promise<StaffUser | undefined> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.instituteId, instituteId)))
  return (await withRoles(db, instituteId, rows))[0]
}

/** The users' roles, and the campuses they are limited to. */
async function withRoles(
  db: Db,
  instituteId: string,
  rows: (Omit<StaffUser, 'roles' | 'campuses' | 'createdAt' | 'lastSignInAt'> & {
    createdAt: Date
    lastSignInAt: Date | null
  })[],
): Promise<StaffUser[]> {
  if (rows.length === 0) return []
  const assigned = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      inArray(
        userRoles.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(roles.name))
  const limitedTo = await db
    .select({ userId: userCampuses.userId, id: campuses.id, name: campuses.name })
    .from(userCampuses)
    .innerJoin(
      campuses,
      and(
        eq(campuses.instituteId, userCampuses.instituteId),
        eq(campuses.id, userCampuses.campusId),
      ),
    )
    .where(
      and(
        eq(userCampuses.instituteId, instituteId),
        inArray(
          userCampuses.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(campuses.position), asc(campuses.name))
  const of = (list: { userId: string; id: string; name: string }[], userId: string) =>
    list.filter((a) => a.userId === userId).map(({ id, name }) => ({ id, name }))
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    roles: of(assigned, row.id),
    campuses: of(limitedTo, row.id),
  }))
}

/** The users anywhere on the platform holding the username or email (in any case), but `exceptId`. */
export async function identityHolders(
  db: Db,
  fields: { username?: string; email?: string | null },
  exceptId?: string,
) {
  const clauses = [
    fields.username && sql`lower(${users.username}) = ${fields.username.toLowerCase()}`,
    fields.email && sql`lower(${users.email}) = ${fields.email.toLowerCase()}`,
  ].filter((x) => !!x)
  if (clauses.length === 0) return []
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(or(...clauses), exceptId ? ne(users.id, exceptId) : undefined))
}

/** Whether the user is a platform administrator. */
export async function isPlatformAdmin(db: Db, userId: string) {
  const [row] = await db
    .select({ isPlatformAdmin: users.isPlatformAdmin })
    .from(users)
    .where(eq(users.id, userId))
  return row?.isPlatformAdmin ?? false
}
