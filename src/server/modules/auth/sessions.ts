import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sessions } from '../../db/schema.ts'
import { hashToken, type TokenService } from './tokens.ts'

export interface Client {
  ip: string | null
  userAgent: string | null
}

export interface IssuedTokens {
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
): Promise<IssuedTokens> {
  const id = randomUUID()
  const expiresAt = refreshExpiry(config, opts.rememberMe)
  const refresh = await tokens.signRefresh(
    { sub: opts.userId, jti: id, fam: opts.familyId },
    expiresAt,
  )
  await db.insert(sessions).values({
    id,
    familyId: opts.familyId,
    userId: opts.userId,
    tokenHash: hashToken(refresh),
    rememberMe: opts.rememberMe,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent,
  })
  const access = await tokens.signAccess(
    { sub: opts.userId, inst: opts.instituteId, sid: opts.familyId, rot: id },
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

export type RotateResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'revoked' | 'reused'; familyId?: string; userId?: string }

/**
 * Exchanges one refresh-token row for a new one in the same family. A row may be exchanged
 * once: a second use means the token was copied, and the whole family is revoked.
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
      await revokeFamily(tx as unknown as Db, row.familyId)
      return { ok: false, reason: 'reused', familyId: row.familyId, userId: row.userId }
    }
    await tx.update(sessions).set({ usedAt: new Date() }).where(eq(sessions.id, row.id))
    const issued = await issue(tx as unknown as Db, tokens, config, {
      userId: row.userId,
      instituteId: opts.instituteId,
      familyId: row.familyId,
      rememberMe: opts.rememberMe ?? row.rememberMe,
      ip: opts.ip,
      userAgent: opts.userAgent,
    })
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

/** A family is live while one of its rows is neither revoked nor expired. */
export async function isFamilyActive(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.familyId, familyId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return Boolean(row)
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
