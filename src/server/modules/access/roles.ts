import { Hono, type Context } from 'hono'
import { buildAbility, type AbilityRule } from '../../../shared/permissions/ability.ts'
import { mayLandOn } from '../../../shared/permissions/route-access.ts'
import {
  CreateRoleSchema,
  UpdateRoleSchema,
  type Role,
  type RoleRule,
  RoleListSchema,
  RoleSchema,
} from '../../../shared/schemas/access.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { forbidden, requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { assertMayGrant, covers, rulesOf, type RoleRow } from './role-rules.ts'
import { describeRole, describeRoles, roleNamed, roleOf, rolesByName } from './role-read.ts'
import { createRole, deleteRole, updateRole } from './role-write.ts'
import { documented } from '../../lib/openapi/documented.ts'

async function roleOr404(c: Context<AppEnv>, db: Db = c.var.database.db) {
  const row = await roleOf(db, c.var.auth.instituteId, c.req.param('roleId') ?? '')
  if (!row) throw notFound('role_not_found')
  return row
}

/** The same rule twice is one rule; the audit and the editor see a stable order. */
function normalise(rules: RoleRule[]): RoleRule[] {
  const seen = new Map(rules.map((r) => [`${r.subject}:${r.action}`, r]))
  return [...seen.values()].sort((a, b) =>
    `${a.subject}:${a.action}`.localeCompare(`${b.subject}:${b.action}`),
  )
}

function assertHomeRoute(homeRoute: string, rules: RoleRule[]) {
  if (!mayLandOn(buildAbility(rules as AbilityRule[]), homeRoute)) {
    throw validationFailed({ homeRoute: 'home_route_forbidden' })
  }
}

/**
 * A manager changes only what lies within their own rights: a role holding a right they lack
 * (whoever gave it) is not theirs to rename, re-home, strip or delete. As with granting, their
 * own ability is the bound, so nobody takes away a right they could not give back.
 */
async function assertMayChange(c: Context<AppEnv>, row: RoleRow) {
  if (!covers(c.var.auth.ability, await rulesOf(c.var.database.db, [row.id]))) {
    throw forbidden('role_exceeds_own')
  }
}

async function assertNameFree(db: Db, instituteId: string, name: string, exceptId?: string) {
  const clash = await roleNamed(db, instituteId, name)
  if (clash && clash !== exceptId) {
    throw validationFailed({ name: 'role_name_taken' })
  }
}

const auditView = (r: Role) => ({
  name: r.name,
  homeRoute: r.homeRoute,
  rules: r.rules.map((x) => `${x.action} ${x.subject}`),
})

/** Roles and their permissions (§2 /oisacl-roles). Changes apply from the users' next request. */
export const roleRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: RoleListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'oisacl-roles'), async (c) => {
    const { database, auth } = c.var
    const rows = await rolesByName(database.db, auth.instituteId)
    return c.json({ data: await describeRoles(database.db, rows) })
  })

  .post('/', documented({ answers: RoleSchema, body: CreateRoleSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'oisacl-roles'), async (c) => {
    const body = await readJson(c, CreateRoleSchema)
    const { database, auth } = c.var
    const rules = normalise(body.rules)
    assertHomeRoute(body.homeRoute, rules)
    assertMayGrant(auth.ability, rules)
    await assertNameFree(database.db, auth.instituteId, body.name)
    const role = await database.db.transaction(async (tx) => {
      const row = await createRole(tx, auth.instituteId, body, rules)
      const created = await describeRole(tx, row)
      await audit(c, tx, {
        area: 'access',
        action: 'create',
        entity: 'role',
        entityId: created.id,
        after: auditView(created),
      })
      return created
    })
    return c.json(role, 201)
  })

  .patch('/:roleId', documented({ answers: RoleSchema, body: UpdateRoleSchema }))
  .patch('/:roleId', requireAuth(), requirePermission('update', 'oisacl-roles'), async (c) => {
    const row = await roleOr404(c)
    if (row.isSystem) throw forbidden('role_locked')
    await assertMayChange(c, row)
    const body = await readJson(c, UpdateRoleSchema)
    const { database, auth } = c.var
    const before = await describeRole(database.db, row)
    const rules = body.rules ? normalise(body.rules) : before.rules
    assertHomeRoute(body.homeRoute ?? row.homeRoute, rules)
    if (body.rules) assertMayGrant(auth.ability, rules)
    if (body.name) await assertNameFree(database.db, auth.instituteId, body.name, row.id)
    const after = await database.db.transaction(async (tx) => {
      const changes = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.homeRoute !== undefined && { homeRoute: body.homeRoute }),
      }
      const updated = await updateRole(tx, row, changes, body.rules && rules)
      const role = await describeRole(tx, updated)
      await audit(c, tx, {
        area: 'access',
        action: body.rules ? 'permissions_changed' : 'update',
        entity: 'role',
        entityId: row.id,
        before: auditView(before),
        after: auditView(role),
      })
      return role
    })
    return c.json(after)
  })

  .delete('/:roleId', documented({}))
  .delete('/:roleId', requireAuth(), requirePermission('delete', 'oisacl-roles'), async (c) => {
    const row = await roleOr404(c)
    if (row.isSystem) throw forbidden('role_locked_delete')
    const { database } = c.var
    await assertMayChange(c, row)
    const before = await describeRole(database.db, row)
    if (before.userCount > 0) {
      throw conflict('role_in_use')
    }
    await database.db.transaction(async (tx) => {
      await deleteRole(tx, row)
      await audit(c, tx, {
        area: 'access',
        action: 'delete',
        entity: 'role',
        entityId: row.id,
        before: auditView(before),
      })
    })
    return c.json({ status: true })
  })
