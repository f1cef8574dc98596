import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { isPermission } from '../../../shared/permissions/catalogue.ts'
import type { Role, RoleRule } from '../../../shared/schemas/access.ts'
import type { Db } from '../../db/client.ts'
import { roles, userRoles } from '../../db/schema/access.ts'
import { rulesOf, type RoleRow } from './role-rules.ts'

/** The institute's roles by name, as a role picker lists them. */
export async function roleOptions(db: Db, instituteId: string) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.instituteId, instituteId))
    .orderBy(asc(roles.name))
}

/** The institute's roles, by name. */
export async function rolesByName(db: Db, instituteId: string) {
  return db.select().from(roles).where(eq(roles.instituteId, instituteId)).orderBy(asc(roles.name))
}

/** The institute's role of that id, if any. */
export async function roleOf(db: Db, instituteId: string, roleId: string) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.instituteId, instituteId)))
  return row
}

/** The id of the institute's role with that name, if any. */
export async function roleNamed(db: Db, instituteId: string, name: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.instituteId, instituteId), eq(roles.name, name)))
  return row?.id
}

/** The roles as the editor shows them: their rules and how many users hold each. */
export async function describeRoles(db: Db, rows: RoleRow[]): Promise<Role[]> {
  if (rows.length === 0) return []
  const rules = await rulesOf(
    db,
    rows.map((r) => r.id),
  )
  const counts = await db
    .select({ roleId: userRoles.roleId, users: count() })
    .from(userRoles)
    .where(
      inArray(
        userRoles.roleId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(userRoles.roleId)
  return rows.map((row) => {
    const own = rules.filter((r) => r.roleId === row.id)
    return {
      id: row.id,
      name: row.name,
      homeRoute: row.homeRoute,
      isSystem: row.isSystem,
      userCount: counts.find((x) => x.roleId === row.id)?.users ?? 0,
      managesAll: own.some((r) => r.action === 'manage' && r.subject === 'all'),
      rules: own.flatMap(({ action, subject }) =>
        isPermission(subject) ? [{ action, subject } as RoleRule] : [],
      ),
    }
  })
}

export const describeRole = async (db: Db, row: RoleRow) => (await describeRoles(db, [row]))[0]!
