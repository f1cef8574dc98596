import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { appSettings } from '../../db/schema/system.ts'

const algorithm = 'HS256'

interface AccessClaims {
  sub: string
  /** The user's institute. */
  inst: string
  /** The session family the token belongs to. */
  sid: string
  /** The admin who is impersonating this user, if any. */
  imp?: string
  /** The refresh-token row issued with this token: only that pair may generate the next. */
  rot?: string
}

interface RefreshClaims {
  sub: string
  /** The session row this token is; each is good for one refresh. */
  jti: string
  fam: string
}

/** A browser that signed in before: its id and the users (at most ten) it signed in as. */
export interface DeviceClaims {
  dev: string
  users: string[]
}

/** A guardian's pass: the institute and the student whose invoices it opens. */
export interface GuardianClaims {
  inst: string
  stu: string
}

const deviceTtlSeconds = 365 * 24 * 3600

/** The signing key: JWT_SECRET when set, else one generated once and kept in the database. */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured)
  const generated = randomBytes(48).toString('base64url')
  await db.insert(appSettings).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing()
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'))
  if (!row) throw new Error('the signing key could not be stored')
  return new TextEncoder().encode(row.value)
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export class TokenService {
  private key: Promise<Uint8Array> | undefined

  /** The key is loaded on first use, so the app can be built before the database is ready. */
  constructor(private readonly loadKey: () => Promise<Uint8Array>) {}

  /** Loads the key now; call it before a transaction, since the embedded database has one connection. */
  async ready(): Promise<void> {
    await this.getKey()
  }

  private getKey() {
    this.key ??= this.loadKey().catch((err: unknown) => {
      this.key = undefined
      throw err
    })
    return this.key
  }

  async signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ...claims, typ: 'access' })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.getKey())
  }

  /** Deterministic: the same row, expiry and issue time sign the same token again. */
  async signRefresh(claims: RefreshClaims, expiresAt: Date, issuedAt: Date): Promise<string> {
    return new SignJWT({ fam: claims.fam, typ: 'refresh' })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.getKey())
  }

  async signDevice(claims: DeviceClaims): Promise<string> {
    return new SignJWT({ ...claims, typ: 'device' })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + deviceTtlSeconds)
      .sign(await this.getKey())
  }

  async verifyDevice(token: string): Promise<DeviceClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.getKey(), { algorithms: [algorithm] })
      const { typ, dev, users } = payload as Record<string, unknown>
      if (typ !== 'device' || typeof dev !== 'string' || !Array.isArray(users)) return undefined
      return { dev, users: users.filter((u): u is string => typeof u === 'string') }
    } catch {
      return undefined
    }
  }

  /**
   * A guardian's pass to one student's invoices, once they proved who they are (the student
   * invoice page): its institute and student, for `ttlSeconds`.
   */
  async signGuardian(claims: GuardianClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ...claims, typ: 'guardian' })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.getKey())
  }

  async verifyGuardian(token: string): Promise<GuardianClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.getKey(), { algorithms: [algorithm] })
      const { typ, inst, stu } = payload as Record<string, unknown>
      if (typ !== 'guardian' || typeof inst !== 'string' || typeof stu !== 'string')
        return undefined
      return { inst, stu }
    } catch {
      return undefined
    }
  }

  /** The claims of a valid, unexpired token of the given type; undefined for anything else. */
  async verify(token: string, type: 'access'): Promise<AccessClaims | undefined>
  async verify(token: string, type: 'refresh'): Promise<RefreshClaims | undefined>
  async verify(token: string, type: 'access' | 'refresh') {
    const key = await this.getKey()
    try {
      // The algorithm is pinned: a token signed any other way (or with "none") is refused.
      const { payload } = await jwtVerify(token, key, { algorithms: [algorithm] })
      if (payload.typ !== type || typeof payload.sub !== 'string') return undefined
      if (type === 'access') {
        const { sub, inst, sid, imp, rot } = payload as Record<string, unknown>
        if (typeof inst !== 'string' || typeof sid !== 'string') return undefined
        return {
          sub,
          inst,
          sid,
          ...(typeof imp === 'string' && { imp }),
          ...(typeof rot === 'string' && { rot }),
        } as AccessClaims
      }
      if (typeof payload.jti !== 'string' || typeof payload.fam !== 'string') return undefined
      return { sub: payload.sub, jti: payload.jti, fam: payload.fam } satisfies RefreshClaims
    } catch {
      return undefined
    }
  }
}
