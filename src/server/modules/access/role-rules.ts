import { and, eq, inArray } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability.ts'
import type { Action, Subject } from '../../../shared/permissions/rules.ts'
import type { Db } from '../../db/client.ts'
import { roleRules, roles } from '../../db/schema/access.ts'
import { forbidden } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'

export type RoleRow = typeof roles.$inferSelect

/** The institute's roles among `roleIds`, or a 422 naming the field when one is not its own. */
export async function rolesOfInstitute(
  db: Db,
  instituteId: string,
  roleIds: string[],
  field = 'roleIds',
): Promise<RoleRow[]> {
  const unique = [...new Set(roleIds)]
  const found = await db
    .select()
    .from(roles)
    .where(and(eq(roles.instituteId, instituteId), inArray(roles.id, unique)))
  if (found.length !== unique.length) throw validationFailed({ [field]: 'unknown_role' })
  return found
}

export async function rulesOf(db: Db, roleIds: string[]) {
  if (roleIds.length === 0) return []
  return db
    .select({ roleId: roleRules.roleId, action: roleRules.action, subject: roleRules.subject })
    .from(roleRules)
    .where(inArray(roleRules.roleId, roleIds))
}

/**
 * Nobody hands out more than they hold: a rule may be granted (in a role, or by assigning a
 * role) only by someone whose own ability covers it.
 */
export function assertMayGrant(ability: AppAbility, rules: { action: string; subject: string }[]) {
  if (!covers(ability, rules)) {
    throw forbidden('grant_exceeds_own')
  }
}

export const covers = (ability: AppAbility, rules: { action: string; subject: string }[]) =>
  rules.every((rule) => ability.can(rule.action as Action, rule.subject as Subject))
