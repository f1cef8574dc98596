import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sessions } from '../../db/schema/auth.ts'
import { hashToken, type TokenService } from './token-service.ts'

interface Client {
  ip: string | null
  userAgent: string | null
}

interface IssuedTokens {
  status: true
  access_token: string
  refresh_token: string
}

function refreshExpiry(config: Config, rememberMe: boolean) {
  const ttl = rememberMe ? config.refreshTokenTtlRemember : config.refreshTokenTtl
  return new Date(Date.now() + ttl * 1000)
}

/** Adds a refresh-token row to a family and signs the pair that goes with it. */
async function issue(
  db: Db,
  tokens: TokenService,
  config: Config,
  opts: { userId: string; instituteId: string; familyId: string; rememberMe: boolean } & Client,
  createdAt = new Date(),
): Promise<IssuedTokens> {
  const id = randomUUID()
  const expiresAt = refreshExpiry(config, opts.rememberMe)
  const refresh = await tokens.signRefresh(
    { sub: opts.userId, jti: id, fam: opts.familyId },
    expiresAt,
    createdAt,
  )
  await db.insert(sessions).values({
    id,
    familyId: opts.familyId,
    userId: opts.userId,
    tokenHash: hashToken(refresh),
    rememberMe: opts.rememberMe,
    createdAt,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent,
  })
  return signPair(tokens, config, { ...opts, rowId: id }, refresh)
}

async function signPair(
  tokens: TokenService,
  config: Config,
  opts: { userId: string; instituteId: string; familyId: string; rowId: string },
  refresh: string,
): Promise<IssuedTokens> {
  const access = await tokens.signAccess(
    { sub: opts.userId, inst: opts.instituteId, sid: opts.familyId, rot: opts.rowId },
    config.accessTokenTtl,
  )
  return { status: true, access_token: access, refresh_token: refresh }
}

export function startSession(
  db: Db,
  tokens: TokenService,
  config: Config,
  opts: { userId: string; instituteId: string; rememberMe: boolean } & Client,
) {
  return issue(db, tokens, config, { ...opts, familyId: randomUUID() })
}

type RotateResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'revoked' | 'reused'; familyId?: string; userId?: string }

/**
 * How long after a refresh token was exchanged the same token still answers with its
 * successor, while that successor is unused: a response lost on a bad connection and the
 * retry, or two requests at once, then both get the same new token (RFC 9700 §4.14.2).
 */
export const refreshReuseGraceMs = 30_000

/** The row issued when `row` was exchanged, while the grace period lasts and it is unused. */
async function graceSuccessor(db: Db, row: typeof sessions.$inferSelect) {
  if (!row.usedAt || Date.now() - row.usedAt.getTime() > refreshReuseGraceMs) return undefined
  const [next] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.familyId, row.familyId), gte(sessions.createdAt, row.usedAt)))
    .orderBy(asc(sessions.createdAt))
    .limit(1)
  const live = next && !next.usedAt && !next.revokedAt && next.expiresAt > new Date()
  return live ? next : undefined
}

/**
 * Exchanges one refresh-token row for a new one in the same family. A row may be exchanged
 * once: a later use (after the grace period, or once its successor was used) means the token
 * was copied, and the whole family is revoked.
 */
export async function rotateSession(
  db: Db,
  tokens: TokenService,
  config: Config,
  opts: { rowId: string; token?: string; instituteId: string; rememberMe?: boolean } & Client,
): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, opts.rowId)).for('update')
    if (!row || (opts.token && row.tokenHash !== hashToken(opts.token)))
      return { ok: false, reason: 'unknown' }
    if (row.revokedAt || row.expiresAt <= new Date()) {
      return { ok: false, reason: 'revoked', familyId: row.familyId, userId: row.userId }
    }
    if (row.usedAt) {
      const next = await graceSuccessor(tx as unknown as Db, row)
      if (next) {
        const ids = { userId: next.userId, instituteId: opts.instituteId, familyId: next.familyId }
        const refresh = await tokens.signRefresh(
          { sub: next.userId, jti: next.id, fam: next.familyId },
          next.expiresAt,
          next.createdAt,
        )
        if (hashToken(refresh) === next.tokenHash)
          return {
            ok: true,
            tokens: await signPair(tokens, config, { ...ids, rowId: next.id }, refresh),
          }
      }
      await revokeFamily(tx as unknown as Db, row.familyId)
      return { ok: false, reason: 'reused', familyId: row.familyId, userId: row.userId }
    }
    const now = new Date()
    await tx.update(sessions).set({ usedAt: now }).where(eq(sessions.id, row.id))
    const issued = await issue(
      tx as unknown as Db,
      tokens,
      config,
      {
        userId: row.userId,
        instituteId: opts.instituteId,
        familyId: row.familyId,
        rememberMe: opts.rememberMe ?? row.rememberMe,
        ip: opts.ip,
        userAgent: opts.userAgent,
      },
      now,
    )
    return { ok: true, tokens: issued }
  })
}

/** The family's refresh-token row that has not been exchanged yet. */
export async function currentRow(db: Db, familyId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.familyId, familyId), isNull(sessions.usedAt), isNull(sessions.revokedAt)),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(1)
  return row
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)))
}

export async function revokeOtherSessions(db: Db, userId: string, keepFamilyId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.familyId, keepFamilyId),
      ),
    )
}

export async function revokeAllForUser(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}

/** The user's live sign-ins, one per family, newest activity first. */
export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      familyId: sessions.familyId,
      createdAt: sql<Date>`min(${sessions.createdAt})`.mapWith((v) => new Date(v)),
      lastUsedAt: sql<Date>`max(${sessions.createdAt})`.mapWith((v) => new Date(v)),
      userAgent: sql<
        string | null
      >`(array_agg(${sessions.userAgent} order by ${sessions.createdAt} desc))[1]`,
      ip: sql<string | null>`(array_agg(${sessions.ip} order by ${sessions.createdAt} desc))[1]`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .groupBy(sessions.familyId)
    .orderBy(desc(sql`max(${sessions.createdAt})`))
}
