import { Hono, type Context } from 'hono'
import {
  CreateUserSchema,
  ResetUserPasswordSchema,
  UpdateUserSchema,
  type StaffUser,
  UserListSchema,
  RoleOptionsSchema,
  StaffUserSchema,
  CampusOptionsSchema,
} from '../../../shared/schemas/access.ts'
import { UserListQuerySchema } from '../../../shared/schemas/access-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { forbidden, requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import { hashPassword } from '../../lib/password.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { assertAcceptablePassword } from '../auth/password-policy.ts'
import { revokeAllForUser } from '../auth/session-store.ts'
import { assertMayGrant, covers, rolesOfInstitute, rulesOf } from './role-rules.ts'
import {
  findStaffUser,
  identityHolders,
  isPlatformAdmin,
  listStaffUsers,
} from './staff-user-read.ts'
import { createUser, resetPassword, setUserStatus, updateUser } from './staff-user-write.ts'
import { roleOptions } from './role-read.ts'
import { assignableCampuses, campusOptions } from './user-campuses.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** The audit's picture of a user: who they are and what they may do, never a password. */
const auditView = (u: StaffUser) => ({
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  phone: u.phone,
  status: u.status,
  roles: u.roles.map((r) => r.name),
  campuses: u.campuses.map((c) => c.name),
})

async function staffUserOr404(c: Context<AppEnv>, db: Db = c.var.database.db) {
  const user = await findStaffUser(db, c.var.auth.instituteId, c.req.param('userId') ?? '')
  if (!user) throw notFound('user_not_found')
  return user
}

/** "Taken" answers a staff user may get in the throttle's window (15 minutes). */
const takenAnswersPerWindow = 20

/**
 * Username and email identify a sign-in across the platform (sign-in asks for no institute), so
 * they are unique everywhere. What a caller learns stays within their own institute's business:
 * the same words whether the name is taken here or in another institute, never which one or
 * whose, and nothing is audited for a refusal. Each caller gets a bounded number of such
 * answers, checked before the look-up, so nobody (say, the admin of a freshly registered
 * institute) can use this form to list the platform's usernames and addresses.
 */
async function assertIdentityFree(
  c: Context<AppEnv>,
  fields: { username?: string; email?: string | null },
  exceptId?: string,
) {
  const { database, services, auth } = c.var
  const throttleKey = `identity-taken:${auth.user.id}`
  await services.throttle.check({ [throttleKey]: takenAnswersPerWindow })
  const taken = await identityHolders(database.db, fields, exceptId)
  const errors: Record<string, ErrorCode> = {}
  if (taken.some((t) => t.username.toLowerCase() === fields.username?.toLowerCase())) {
    errors.username = 'username_taken'
  }
  if (fields.email && taken.some((t) => t.email?.toLowerCase() === fields.email?.toLowerCase())) {
    errors.email = 'email_taken'
  }
  if (Object.keys(errors).length) {
    await services.throttle.fail(throttleKey)
    throw validationFailed(errors)
  }
}

/**
 * Changing a user (their details, password or status) is taking over what they may do: only
 * someone who holds all of it may, and only a platform administrator touches another one.
 */
async function assertMayManage(c: Context<AppEnv>, target: StaffUser) {
  const { database, auth } = c.var
  const targetIsAdmin = await isPlatformAdmin(database.db, target.id)
  const targetRules = await rulesOf(
    database.db,
    target.roles.map((r) => r.id),
  )
  if ((targetIsAdmin && !auth.user.isPlatformAdmin) || !covers(auth.ability, targetRules)) {
    throw forbidden('target_exceeds_own')
  }
}

/** Roles to assign: the institute's own, and none carrying more than the caller holds. */
async function assignableRoles(c: Context<AppEnv>, roleIds: string[]) {
  const { database, auth } = c.var
  const found = await rolesOfInstitute(database.db, auth.instituteId, roleIds)
  assertMayGrant(
    auth.ability,
    await rulesOf(
      database.db,
      found.map((r) => r.id),
    ),
  )
  return found
}

/** Changing one's own roles or status could lock the institute out: another admin does it. */
function assertNotSelf(c: Context<AppEnv>, userId: string, code: ErrorCode) {
  if (c.var.auth.user.id === userId) throw forbidden(code)
}

/** Staff users of the caller's institute (§2 /access-control, read on ACL to look). */
export const userRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: UserListSchema, query: UserListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'ACL'), async (c) => {
    const query = readQuery(c, UserListQuerySchema)
    const { data, total } = await listStaffUsers(c.var.database.db, c.var.auth.instituteId, query)
    return c.json({ data, total, page: query.page, perPage: query.perPage })
  })

  .get('/role-options', documented({ answers: RoleOptionsSchema }))
  .get('/role-options', requireAuth(), requirePermission('read', 'ACL'), async (c) => {
    const data = await roleOptions(c.var.database.db, c.var.auth.instituteId)
    return c.json({ data })
  })

  .get('/campus-options', documented({ answers: CampusOptionsSchema }))
  .get('/campus-options', requireAuth(), requirePermission('read', 'ACL'), async (c) => {
    const data = await campusOptions(c.var.database.db, c.var.auth.instituteId)
    return c.json({ data })
  })

  .get('/:userId', documented({ answers: StaffUserSchema }))
  .get('/:userId', requireAuth(), requirePermission('read', 'ACL'), async (c) =>
    c.json(await staffUserOr404(c)),
  )

  .post('/', documented({ answers: StaffUserSchema, body: CreateUserSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'ACL'), async (c) => {
    const body = await readJson(c, CreateUserSchema)
    const { database, auth } = c.var
    await assignableRoles(c, body.roleIds)
    await assignableCampuses(c, body.campusIds)
    await assertIdentityFree(c, { username: body.username, email: body.email })
    await assertAcceptablePassword(body.password)
    const passwordHash = await hashPassword(body.password)
    const created = await database.db.transaction(async (tx) => {
      const id = await createUser(tx, auth.instituteId, body, passwordHash)
      const user = (await findStaffUser(tx, auth.instituteId, id))!
      await audit(c, tx, {
        area: 'access',
        action: 'create',
        entity: 'user',
        entityId: user.id,
        after: auditView(user),
      })
      return user
    })
    return c.json(created, 201)
  })

  .patch('/:userId', documented({ answers: StaffUserSchema, body: UpdateUserSchema }))
  .patch('/:userId', requireAuth(), requirePermission('update', 'ACL'), async (c) => {
    const before = await staffUserOr404(c)
    await assertMayManage(c, before)
    const body = await readJson(c, UpdateUserSchema)
    const { database, auth } = c.var
    if (body.roleIds) {
      assertNotSelf(c, before.id, 'self_roles')
      await assignableRoles(c, body.roleIds)
    }
    if (body.campusIds) await assignableCampuses(c, body.campusIds)
    await assertIdentityFree(c, { username: body.username, email: body.email }, before.id)
    const after = await database.db.transaction(async (tx) => {
      await updateUser(tx, auth.instituteId, before.id, body)
      const user = (await findStaffUser(tx, auth.instituteId, before.id))!
      await audit(c, tx, {
        area: 'access',
        action: 'update',
        entity: 'user',
        entityId: user.id,
        before: auditView(before),
        after: auditView(user),
      })
      return user
    })
    return c.json(after)
  })

  .post('/:userId/deactivate', documented({ answers: StaffUserSchema }))
  .post('/:userId/deactivate', requireAuth(), requirePermission('update', 'ACL'), (c) =>
    setStatus(c, 'inactive'),
  )
  .post('/:userId/reactivate', documented({ answers: StaffUserSchema }))
  .post('/:userId/reactivate', requireAuth(), requirePermission('update', 'ACL'), (c) =>
    setStatus(c, 'active'),
  )

  .post(
    '/:userId/password-reset',
    documented({ answers: StaffUserSchema, body: ResetUserPasswordSchema }),
  )
  .post('/:userId/password-reset', requireAuth(), requirePermission('update', 'ACL'), async (c) => {
    const target = await staffUserOr404(c)
    assertNotSelf(c, target.id, 'self_password')
    await assertMayManage(c, target)
    const body = await readJson(c, ResetUserPasswordSchema)
    await assertAcceptablePassword(body.password)
    const passwordHash = await hashPassword(body.password)
    const { database, auth, services } = c.var
    const after = await database.db.transaction(async (tx) => {
      await resetPassword(tx, auth.instituteId, target.id, passwordHash)
      await revokeAllForUser(tx, target.id)
      if (target.email) {
        await enqueueMessage(tx, {
          instituteId: auth.instituteId,
          channel: 'email',
          recipient: target.email,
          subject: 'Your password was reset',
          body:
            `An administrator reset the password of ${target.username}. ` +
            'Sign in with the temporary password they give you and choose a new one.',
        })
      }
      await audit(c, tx, {
        area: 'access',
        action: 'password_reset_by_admin',
        entity: 'user',
        entityId: target.id,
        after: { mustChangePassword: true, signedOutEverywhere: true },
      })
      return (await findStaffUser(tx, auth.instituteId, target.id))!
    })
    services.outbox.kick()
    return c.json(after)
  })

/** Deactivating also ends every session of the user at once. */
async function setStatus(c: Context<AppEnv>, status: 'active' | 'inactive') {
  const before = await staffUserOr404(c)
  assertNotSelf(c, before.id, 'self_status')
  await assertMayManage(c, before)
  const { database, auth } = c.var
  const after = await database.db.transaction(async (tx) => {
    await setUserStatus(tx, auth.instituteId, before.id, status)
    if (status === 'inactive') await revokeAllForUser(tx, before.id)
    const user = (await findStaffUser(tx, auth.instituteId, before.id))!
    await audit(c, tx, {
      area: 'access',
      action: status === 'inactive' ? 'deactivate' : 'reactivate',
      entity: 'user',
      entityId: user.id,
      before: { status: before.status },
      after: { status: user.status },
    })
    return user
  })
  return c.json(after)
}
