import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { SessionInfo } from '../../../shared/schemas/auth.ts'
import {
  RefreshLoginRequestSchema,
  StatusSchema,
  SessionListSchema,
} from '../../../shared/schemas/auth.ts'
import { UserResponseSchema, TokenPairSchema } from '../../../shared/schemas/auth-session.ts'
import type { AppEnv } from '../../app-env.ts'
import { sessions } from '../../db/schema/auth.ts'
import { audit, writeAudit } from '../../lib/audit.ts'
import { bearerToken, requireAuth, unauthenticated } from '../../lib/auth.ts'
import { notFound } from '../../lib/errors.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { readJson } from '../../lib/validate.ts'
import { currentRow, listSessions, revokeFamily, rotateSession } from './session-store.ts'
import { findUserById } from './user-read.ts'
import { isSuspended } from './institute-status.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** The signed-in user's session: read it, refresh it, list and end sign-ins. */
export const sessionRoutes = new Hono<AppEnv>()
  .get('/user', documented({ answers: UserResponseSchema }))
  .get('/user', requireAuth({ allowPendingPasswordChange: true }), (c) =>
    c.json({ status: true as const, userData: c.var.auth.userData }),
  )

  .get('/logout', documented({ answers: StatusSchema }))
  .get('/logout', requireAuth({ allowPendingPasswordChange: true }), async (c) => {
    const { auth, database } = c.var
    await database.db.transaction(async (tx) => {
      await revokeFamily(tx, auth.familyId)
      await audit(c, tx, {
        area: 'auth',
        action: 'logout',
        entity: 'session',
        entityId: auth.familyId,
      })
    })
    return c.json({ status: true })
  })

  // Step one of a refresh (§4): the refresh token stands in for the access token.
  .post('/refresh-login', documented({ answers: TokenPairSchema, body: RefreshLoginRequestSchema }))
  .post('/refresh-login', async (c) => {
    const body = await readJson(c, RefreshLoginRequestSchema)
    const { database, services, config } = c.var
    const token = bearerToken(c.req.header('authorization'))
    const claims = token ? await services.tokens.verify(token, 'refresh') : undefined
    if (!token || !claims) throw unauthenticated('invalid_refresh_token')
    const user = await findUserById(database.db, claims.sub)
    if (!user || user.status !== 'active') throw unauthenticated('invalid_refresh_token')
    if (await isSuspended(database.db, user.instituteId)) {
      throw unauthenticated('institute_suspended')
    }
    const result = await rotateSession(database.db, services.tokens, config, {
      rowId: claims.jti,
      token,
      instituteId: user.instituteId,
      rememberMe: body.remember_me,
      ...requestInfo(c),
    })
    if (!result.ok) {
      if (result.reason === 'reused') {
        await writeAudit(database.db, {
          area: 'auth',
          instituteId: user.instituteId,
          userId: user.id,
          action: 'refresh_token_reused',
          entity: 'session',
          entityId: result.familyId ?? null,
          ...requestInfo(c),
        })
      }
      throw unauthenticated('invalid_refresh_token')
    }
    return c.json(result.tokens)
  })

  // Step two: with the new access token, a fresh refresh token for the same session.
  .get('/refresh-token-generate', documented({ answers: TokenPairSchema }))
  .get('/refresh-token-generate', requireAuth({ allowPendingPasswordChange: true }), async (c) => {
    const { auth, database, services, config } = c.var
    const row = await currentRow(database.db, auth.familyId)
    // Only the access token issued with the current refresh token may ask for the next one,
    // so a copied access token cannot be turned into a long-lived session.
    if (!row || row.id !== auth.refreshRowId) throw unauthenticated('session_ended')
    const result = await rotateSession(database.db, services.tokens, config, {
      rowId: row.id,
      // The user's own institute: a platform admin's X-Institute-Id is per request.
      instituteId: auth.user.instituteId,
      ...requestInfo(c),
    })
    if (!result.ok) throw unauthenticated('session_ended')
    return c.json(result.tokens)
  })

  .get('/sessions', documented({ answers: SessionListSchema }))
  .get('/sessions', requireAuth(), async (c) => {
    const { auth, database } = c.var
    const rows = await listSessions(database.db, auth.user.id)
    return c.json({
      data: rows.map((r): SessionInfo => ({
        id: r.familyId,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt.toISOString(),
        userAgent: r.userAgent,
        ip: r.ip,
        current: r.familyId === auth.familyId,
      })),
    })
  })

  .delete('/sessions/:id', documented({ answers: StatusSchema }))
  .delete('/sessions/:id', requireAuth(), async (c) => {
    const { auth, database } = c.var
    const familyId = pathId(c.req.param('id'), 'session_not_found')
    const [own] = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.familyId, familyId), eq(sessions.userId, auth.user.id)))
      .limit(1)
    if (!own) throw notFound('session_not_found')
    await database.db.transaction(async (tx) => {
      await revokeFamily(tx, familyId)
      await audit(c, tx, {
        area: 'auth',
        action: 'session_revoked',
        entity: 'session',
        entityId: familyId,
      })
    })
    return c.json({ status: true })
  })
