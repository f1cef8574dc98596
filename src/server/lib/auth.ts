import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { buildAbility, type Action, type Subject } from '../../shared/permissions/ability.ts'
import type { AppEnv } from '../app-env.ts'
import { isFamilyActive } from '../modules/auth/sessions.ts'
import { buildUserData, findUserById } from '../modules/auth/users.ts'
import { ApiException } from './errors.ts'

export const unauthenticated = (message = 'Unauthenticated.') =>
  new ApiException(401, message, { code: 'unauthenticated' })

export const forbidden = (message = 'This action is unauthorized.', code = 'forbidden') =>
  new ApiException(403, message, { code })

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}

/**
 * Lets a request through only with a valid access token of a live session and an active user,
 * and puts who is calling into `c.var.auth`. A user who must set a new password may only do
 * that (and read themselves or sign out) until they have.
 */
export const requireAuth = (
  opts: { allowPendingPasswordChange?: boolean } = {},
): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw unauthenticated()
    const { database, services } = c.var
    const claims = await services.tokens.verify(token, 'access')
    if (!claims) throw unauthenticated()
    if (!(await isFamilyActive(database.db, claims.sid)))
      throw unauthenticated('Your session has ended.')
    const user = await findUserById(database.db, claims.sub)
    if (!user || user.status !== 'active' || user.instituteId !== claims.inst)
      throw unauthenticated()
    if (user.mustChangePassword && !opts.allowPendingPasswordChange) {
      throw forbidden('Please set a new password first.', 'password_change_required')
    }
    const userData = await buildUserData(database.db, user, claims.imp)
    c.set('auth', {
      user,
      userData,
      ability: buildAbility(userData.ability),
      familyId: claims.sid,
      instituteId: user.instituteId,
      impersonatorId: claims.imp,
      refreshRowId: claims.rot,
    })
    await next()
  })

/** After `requireAuth`: 403 unless the caller's role allows the action on the subject. */
export const requirePermission = (action: Action, subject: Subject): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.auth.ability.can(action, subject)) throw forbidden()
    await next()
  })
