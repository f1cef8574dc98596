import { eq, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { buildAbility, type AppAbility } from '../../shared/permissions/ability.ts'
import type { Action, Subject } from '../../shared/permissions/rules.ts'
import type { UserData } from '../../shared/schemas/auth-session.ts'
import type { AppEnv, Services } from '../app-env.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/auth.ts'
import { institutes } from '../db/schema/institutes.ts'
import type { ErrorCode } from '../../shared/errors/catalogue.ts'
import { notFound, refuse } from './errors.ts'
import { buildUserData, type UserRow } from './user-data.ts'
import { isUuid } from './ids.ts'

export const unauthenticated = (code: ErrorCode = 'unauthenticated') => refuse(401, code)

export const forbidden = (code: ErrorCode = 'forbidden') => refuse(403, code)

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}

/**
 * What each endpoint's guard demands, keyed by the guard itself, so that a test can walk
 * `app.routes` and prove every endpoint is guarded as declared.
 */
export type Guard =
  | { kind: 'signedIn' }
  | { kind: 'permission'; action: Action; subject: Subject }
  | { kind: 'recordPermission'; action: Action }
  | { kind: 'platformAdmin' }
  | { kind: 'anyPermission'; action: Action; subjects: readonly Subject[] }
export const guards = new WeakMap<object, Guard>()

function declare<H extends object>(handler: H, guard: Guard): H {
  guards.set(handler, guard)
  return handler
}

/** The header a platform administrator sends to work inside another institute. */
export const instituteHeader = 'X-Institute-Id'

/**
 * The institute a request works in: the user's own or, for a platform admin signed in as
 * themselves, the one asked. Anyone else sending the header at all, even naming their own
 * institute, is refused (README "Tenancy"); acting as a platform admin never lends that power.
 */
async function tenantOf(
  db: Db,
  user: { instituteId: string; isPlatformAdmin: boolean },
  asked: string | undefined,
  impersonated: boolean,
): Promise<string> {
  if (!asked) return user.instituteId
  if (!user.isPlatformAdmin || impersonated) throw forbidden('institute_header_forbidden')
  if (asked === user.instituteId) return user.instituteId
  if (!isUuid(asked)) throw notFound('institute_unknown')
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.id, asked))
  if (!institute) throw notFound('institute_unknown')
  return institute.id
}

/**
 * Everything a request's guard needs from the database, in one query: the caller's row (with
 * its auth_version) and whether their session family is live, i.e. has a row neither revoked
 * nor expired. Every query waits its turn on the embedded database's one connection, so under
 * concurrency one query here instead of five is what keeps requests moving.
 */
async function callerState(db: Db, userId: string, familyId: string) {
  const [row] = await db
    .select({
      user: users,
      sessionLive: sql<boolean>`exists (select 1 from sessions s where s.family_id = ${familyId}
        and s.revoked_at is null and s.expires_at > ${new Date().toISOString()}::timestamptz)`,
      instituteSuspended: sql<boolean>`exists (select 1 from institutes i
        where i.id = ${users.instituteId} and i.status = 'suspended')`,
    })
    .from(users)
    .where(eq(users.id, userId))
  return {
    user: row?.user,
    sessionLive: row?.sessionLive ?? false,
    instituteSuspended: row?.instituteSuspended ?? false,
  }
}

interface Derived {
  authVersion: number
  userData: UserData
  ability: AppAbility
}

/** Users whose derived data a server keeps; past it, the least recently used make room. */
const derivedLimit = 5_000
/** Per app (one per process in production), so that two apps on one database test the sharing. */
const derivedCache = new WeakMap<Services, Map<string, Derived>>()

/**
 * The caller's userData and ability, rebuilt (three queries) only when their auth_version moved:
 * database triggers raise it with any change to the user, their roles, the roles' rules or the
 * institute, in the change's own transaction, so every process sharing the database sees it on
 * its next request.
 */
async function derivedFor(
  services: Services,
  db: Db,
  user: UserRow,
  impersonatorId: string | undefined,
): Promise<Derived> {
  let cache = derivedCache.get(services)
  if (!cache) derivedCache.set(services, (cache = new Map()))
  const key = `${user.id}:${impersonatorId ?? ''}`
  const kept = cache.get(key)
  cache.delete(key)
  if (kept?.authVersion === user.authVersion) {
    cache.set(key, kept)
    return kept
  }
  const userData = await buildUserData(db, user, impersonatorId)
  const derived = {
    authVersion: user.authVersion,
    userData,
    ability: buildAbility(userData.ability),
  }
  // Another request may have stored a newer version meanwhile; keep whichever is newer.
  const latest = cache.get(key)
  if (!latest || latest.authVersion <= derived.authVersion) {
    cache.delete(key)
    cache.set(key, derived)
  }
  if (cache.size > derivedLimit) cache.delete(cache.keys().next().value!)
  return derived
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
      const { user, sessionLive, instituteSuspended } = await callerState(
        database.db,
        claims.sub,
        claims.sid,
      )
      if (!sessionLive) throw unauthenticated('session_ended')
      if (!user || user.status !== 'active' || user.instituteId !== claims.inst)
        throw unauthenticated()
      // A suspended institute's sessions stop at their next request.
      if (instituteSuspended) throw unauthenticated('institute_suspended')
      if (user.mustChangePassword && !opts.allowPendingPasswordChange) {
        throw forbidden('password_change_required')
      }
      const { userData, ability } = await derivedFor(services, database.db, user, claims.imp)
      const instituteId = await tenantOf(
        database.db,
        user,
        c.req.header(instituteHeader),
        Boolean(claims.imp),
      )
      c.set('auth', {
        user,
        userData,
        ability,
        familyId: claims.sid,
        instituteId,
        // A user's campuses are their own institute's; a platform admin elsewhere has none.
        campusIds: instituteId === user.instituteId ? (userData.campusIds ?? null) : null,
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

/**
 * After `requireAuth`, where the permission depends on the record (a job: its kind's subject):
 * declares that the handler checks `action` with `authorize()` on each record it touches.
 */
export const requireRecordPermission = (action: Action): MiddlewareHandler<AppEnv> =>
  declare(
    createMiddleware<AppEnv>((_c, next) => next()),
    { kind: 'recordPermission', action },
  )

/** 403 unless the caller's role allows the action on the subject. */
export function authorize(auth: { ability: AppAbility }, action: Action, subject: Subject) {
  if (!auth.ability.can(action, subject)) throw forbidden()
}

/**
 * After `requireAuth`: 403 unless the caller operates the platform, signed in as themselves
 * (acting as a platform admin lends nothing). Not a permission of any institute's role.
 */
export const requirePlatformAdmin = (): MiddlewareHandler<AppEnv> =>
  declare(
    createMiddleware<AppEnv>(async (c, next) => {
      const { user, impersonatorId } = c.var.auth
      if (!user.isPlatformAdmin || impersonatorId) throw forbidden('platform_admin_only')
      await next()
    }),
    { kind: 'platformAdmin' },
  )

/**
 * After `requireAuth`: 403 unless the caller's role allows the action on one of the subjects,
 * for reads several areas share (the academic structure is chosen from by admission and
 * students alike).
 */
export const requireAnyPermission = (
  action: Action,
  subjects: readonly [Subject, ...Subject[]],
): MiddlewareHandler<AppEnv> =>
  declare(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!subjects.some((subject) => c.var.auth.ability.can(action, subject))) throw forbidden()
      await next()
    }),
    { kind: 'anyPermission', action, subjects },
  )
