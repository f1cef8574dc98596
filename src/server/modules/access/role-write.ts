import { eq } from 'drizzle-orm'
import type { RoleRule } from '../../../shared/schemas/access.ts'
import type { Db } from '../../db/client.ts'
import { roleRules, roles } from '../../db/schema/access.ts'
import type { RoleRow } from './role-rules.ts'

async function writeRules(tx: Db, roleId: string, rules: RoleRule[]) {
  await tx.delete(roleRules).where(eq(roleRules.roleId, roleId))
  if (rules.length) await tx.insert(roleRules).values(rules.map((r) => ({ roleId, ...r })))
}

/** A new role of the institute with its rules. */
export async function createRole(
  tx: Db,
  instituteId: string,
  values: { name: string; homeRoute: string },
  rules: RoleRule[],
) {
  const [row] = await tx
    .insert(roles)
    .values({ instituteId, name: values.name, homeRoute: values.homeRoute })
    .returning()
  await writeRules(tx, row!.id, rules)
  return row!
}

/** The role's name and home route given, and its rules when given; answers the role as saved. */
export async function updateRole(
  tx: Db,
  row: RoleRow,
  changes: { name?: string; homeRoute?: string },
  rules: RoleRule[] | undefined,
) {
  const [updated] = Object.keys(changes).length
    ? await tx.update(roles).set(changes).where(eq(roles.id, row.id)).returning()
    : [row]
  if (rules) await writeRules(tx, row.id, rules)
  return updated!
}

export async function deleteRole(tx: Db, row: RoleRow) {
  await tx.delete(roles).where(eq(roles.id, row.id))
}
