import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  ImpersonateRequestSchema,
  ImpersonateResponseSchema,
} from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import { sessions } from '../../db/schema/auth.ts'
import { audit } from '../../lib/audit.ts'
import { forbidden, requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound } from '../../lib/errors.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { readJson } from '../../lib/validate.ts'
import { hashToken } from './token-service.ts'
import { findUserById } from './user-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * An admin obtains a short-lived access token for another user of the same institute, for
 * /impersonation-setup/{accessToken}. It has no refresh token: when it expires, it is over.
 */
export const impersonationRoutes = new Hono<AppEnv>()
  .post('/', documented({ answers: ImpersonateResponseSchema, body: ImpersonateRequestSchema }))
  .post('/', requireAuth(), requirePermission('manage', 'all'), async (c) => {
    const body = await readJson(c, ImpersonateRequestSchema)
    const { auth, database, services, config } = c.var
    if (auth.impersonatorId) throw forbidden('already_impersonating')
    const target = await findUserById(database.db, body.user_id)
    // Another institute's user is answered exactly like a user who does not exist.
    if (!target || target.instituteId !== auth.instituteId) throw notFound('user_not_found')
    if (target.id === auth.user.id) throw forbidden('impersonate_self')
    if (target.status !== 'active') throw forbidden('account_inactive')
    if (target.isPlatformAdmin && !auth.user.isPlatformAdmin) {
      throw forbidden('impersonate_admin')
    }

    const familyId = randomUUID()
    const accessToken = await database.db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        id: randomUUID(),
        familyId,
        userId: target.id,
        // No refresh token is handed out; the row only makes the session revocable.
        tokenHash: hashToken(randomBytes(32).toString('base64url')),
        usedAt: new Date(),
        expiresAt: new Date(Date.now() + config.impersonationTtl * 1000),
        ...requestInfo(c),
      })
      await audit(c, tx, {
        area: 'auth',
        action: 'impersonate',
        entity: 'user',
        entityId: target.id,
        after: { impersonated: target.username, session: familyId },
      })
      return services.tokens.signAccess(
        { sub: target.id, inst: target.instituteId, sid: familyId, imp: auth.user.id },
        config.impersonationTtl,
      )
    })
    return c.json<v.InferOutput<typeof ImpersonateResponseSchema>>({
      status: true,
      access_token: accessToken,
    })
  })
