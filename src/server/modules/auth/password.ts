import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  NewUserPasswordRequestSchema,
  PasswordUpdateRequestSchema,
  StatusSchema,
} from '../../../shared/schemas/auth.ts'
import { UserResponseSchema } from '../../../shared/schemas/auth-session.ts'
import type { AppEnv } from '../../app-env.ts'
import { users } from '../../db/schema/auth.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth } from '../../lib/auth.ts'
import { conflict, validationFailed } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import { buildUserData } from '../../lib/user-data.ts'
import { readJson } from '../../lib/validate.ts'
import { assertAcceptablePassword } from './password-policy.ts'
import { revokeOtherSessions } from './session-store.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** The signed-in user's own password: change it, or set it at the first sign-in. */
export const passwordRoutes = new Hono<AppEnv>()
  .post(
    '/user-password-update',
    documented({ answers: StatusSchema, body: PasswordUpdateRequestSchema }),
  )
  .post('/user-password-update', requireAuth(), async (c) => {
    const body = await readJson(c, PasswordUpdateRequestSchema)
    const { auth, database, services } = c.var
    const key = `password-change:${auth.user.id}`
    await services.throttle.check({ [key]: 5 })
    if (!(await verifyPassword(body.current_password, auth.user.passwordHash))) {
      await services.throttle.fail(key)
      throw validationFailed({ current_password: 'current_password_wrong' })
    }
    await services.throttle.reset(key)
    await assertAcceptablePassword(body.password)
    if (body.password === body.current_password) {
      throw validationFailed({ password: 'password_unchanged' })
    }
    const passwordHash = await hashPassword(body.password)
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id))
      // Whoever else was signed in with the old password is signed out; this device stays.
      await revokeOtherSessions(tx, auth.user.id, auth.familyId)
      await audit(c, tx, {
        area: 'auth',
        action: 'password_changed',
        entity: 'user',
        entityId: auth.user.id,
      })
    })
    return c.json({ status: true, message: 'Your password has been changed.' })
  })

  .post(
    '/new-user-password-reset',
    documented({ answers: UserResponseSchema, body: NewUserPasswordRequestSchema }),
  )
  .post(
    '/new-user-password-reset',
    requireAuth({ allowPendingPasswordChange: true }),
    async (c) => {
      const body = await readJson(c, NewUserPasswordRequestSchema)
      const { auth, database } = c.var
      if (!auth.user.mustChangePassword) {
        throw conflict('password_already_set')
      }
      await assertAcceptablePassword(body.password)
      if (await verifyPassword(body.password, auth.user.passwordHash)) {
        throw validationFailed({ password: 'temporary_password_reused' })
      }
      const passwordHash = await hashPassword(body.password)
      await database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false })
          .where(eq(users.id, auth.user.id))
        await audit(c, tx, {
          area: 'auth',
          action: 'initial_password_set',
          entity: 'user',
          entityId: auth.user.id,
        })
      })
      const updated = { ...auth.user, passwordHash, mustChangePassword: false }
      return c.json({ status: true, userData: await buildUserData(database.db, updated) })
    },
  )
