import { eq } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { buildAbility, type Action, type Subject } from '../../shared/permissions/ability.ts'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/client.ts'
import { institutes } from '../db/schema.ts'
import { isFamilyActive } from '../modules/auth/sessions.ts'
import { buildUserData, findUserById } from '../modules/auth/users.ts'
import { ApiException, notFound } from './errors.ts'

export const unauthenticated = (message = 'Unauthenticated.') =>
  new ApiException(401, message, { code: 'unauthenticated' })

export const forbidden = (message = 'This action is unauthorized.', code = 'forbidden') =>
  new ApiException(403, message, { code })

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}

/**
 * What each endpoint's guard demands, keyed by the guard itself, so that a test can walk
 * `app.routes` and prove every endpoint is guarded as declared.
 */
export type Guard = { kind: 'signedIn' } | { kind: 'permission'; action: Action; subject: Subject }
export const guards = new WeakMap<object, Guard>()

function declare<H extends object>(handler: H, guard: Guard): H {
  guards.set(handler, guard)
  return handler
}

/** The header a platform administrator sends to work inside another institute. */
export const instituteHeader = 'X-Institute-Id'
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The institute a request works in: the user's own or, for a platform admin signed in as
 * themselves, the one asked. Acting as a platform admin never lends that power.
 */
async function tenantOf(
  db: Db,
  user: { instituteId: string; isPlatformAdmin: boolean },
  asked: string | undefined,
  impersonated: boolean,
): Promise<string> {
  if (!asked || asked === user.instituteId) return user.instituteId
  if (!user.isPlatformAdmin || impersonated) {
    throw forbidden('You cannot act in another institute.')
  }
  if (!uuidPattern.test(asked)) throw notFound('No such institute')
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.id, asked))
  if (!institute) throw notFound('No such institute')
  return institute.id
}

/**
 * Lets a request through only with a valid access token of a live session and an active user,
 * and puts who is calling into `c.var.auth`. A user who must set a new password may only do
 * that (and read themselves or sign out) until they have.
 */
export const requireAuth = (
  opts: { allowPendingPasswordChange?: boolean } = {},
): MiddlewareHandler<AppEnv> =>
  declare(
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
        instituteId: await tenantOf(
          database.db,
          user,
          c.req.header(instituteHeader),
          Boolean(claims.imp),
        ),
        impersonatorId: claims.imp,
        refreshRowId: claims.rot,
      })
      await next()
    }),
    { kind: 'signedIn' },
  )

/** After `requireAuth`: 403 unless the caller's role allows the action on the subject. */
export const requirePermission = (action: Action, subject: Subject): MiddlewareHandler<AppEnv> =>
  declare(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!c.var.auth.ability.can(action, subject)) throw forbidden()
      await next()
    }),
    { kind: 'permission', action, subject },
  )
