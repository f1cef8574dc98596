import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { otpChallenges, users } from '../db/schema/auth.ts'
import { ApiException, tooManyRequests } from './errors.ts'

export const otpTtlMs = 10 * 60 * 1000
const otpMaxAttempts = 5
/** One code a minute per requester (browser). */
const resendAfterMs = 60 * 1000
/**
 * Codes per account per hour, whoever asks for them. This cap is what bounds guessing: codes
 * are bound to the browser that asked, so a guesser has to ask for them too, and gets at most
 * 5 codes × 5 tries = 25 guesses an hour at a 6-digit code (1 in 40,000). It also keeps anyone
 * from flooding the owner's inbox or phone. The price: someone who keeps asking can use up the
 * hour's codes, so the owner waits up to an hour for a new one. That is acceptable because it
 * never touches a code the owner already has (it is theirs alone until it expires), never
 * stops signing in with the password, and an administrator can still reset the password.
 */
export const accountCodesPerHour = 5
const accountWindowMs = 60 * 60 * 1000
/** How long after a correct code the new password may be set. */
const resetWindowMs = 10 * 60 * 1000

type Purpose = (typeof otpChallenges.$inferSelect)['purpose']

/**
 * Whom a code is for: a user, or someone without an account (a guardian) named by `holder`
 * (`student:<institute>:<student>`); the limits below are the same for both.
 */
export type OtpFor = { userId: string; holder?: never } | { holder: string; userId?: never }

/** The conditions every query here starts from: this one's challenges for this purpose. */
const challengesOf = (opts: OtpFor & { purpose: Purpose }) => [
  opts.userId !== undefined
    ? eq(otpChallenges.userId, opts.userId)
    : eq(otpChallenges.holder, opts.holder),
  eq(otpChallenges.purpose, opts.purpose),
]

// Codes are stored as an HMAC keyed per challenge, never in clear.
const hashCode = (challengeId: string, code: string) =>
  createHmac('sha256', challengeId).update(code).digest()

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A new random handle for a requester's cookie. */
export const newRequesterHandle = () => randomBytes(32).toString('base64url')
/** What is stored of a requester's handle: only its hash, like a session token. */
export const requesterHashOf = (handle: string) => sha256(handle)

/**
 * Creates a new 6-digit code for the user, bound to the requester that asked (one live code
 * per requester: theirs replaces only their own earlier one). At most one a minute per
 * requester and `accountCodesPerHour` per account.
 */
export async function issueOtp(
  db: Db,
  opts: OtpFor & { purpose: Purpose; channel: 'email' | 'sms'; requesterHash: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    // Requests for one account take turns, so the hourly count below cannot be overrun.
    if (opts.userId !== undefined) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, opts.userId)).for('update')
    } else {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${opts.holder}))`)
    }
    const now = Date.now()
    const [last] = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(...challengesOf(opts), eq(otpChallenges.requesterHash, opts.requesterHash)))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1)
    const wait = last ? last.createdAt.getTime() + resendAfterMs - now : 0
    if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000))

    const recent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(
        and(...challengesOf(opts), gt(otpChallenges.createdAt, new Date(now - accountWindowMs))),
      )
      .orderBy(asc(otpChallenges.createdAt))
    if (recent.length >= accountCodesPerHour) {
      const freesAt = recent[recent.length - accountCodesPerHour]!.createdAt.getTime()
      throw new ApiException(429, 'otp_send_limit', undefined, {
        headers: {
          'Retry-After': String(Math.max(1, Math.ceil((freesAt + accountWindowMs - now) / 1000))),
        },
      })
    }

    // This requester's new code replaces their earlier one; other requesters' codes stay.
    await tx
      .update(otpChallenges)
      .set({ consumedAt: new Date() })
      .where(
        and(
          ...challengesOf(opts),
          eq(otpChallenges.requesterHash, opts.requesterHash),
          isNull(otpChallenges.consumedAt),
        ),
      )
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const id = crypto.randomUUID()
    await tx.insert(otpChallenges).values({
      id,
      userId: opts.userId ?? null,
      holder: opts.holder ?? null,
      purpose: opts.purpose,
      channel: opts.channel,
      requesterHash: opts.requesterHash,
      codeHash: hashCode(id, code).toString('base64url'),
      expiresAt: new Date(now + otpTtlMs),
    })
    return code
  })
}

type VerifyResult =
  { result: 'ok'; resetToken: string } | { result: 'wrong' | 'exhausted' | 'none' }

/**
 * Checks a code against the requester's own live challenge; five wrong tries void it (and
 * only it). Another requester's challenge is never looked at, so it can be neither guessed
 * nor burnt from here.
 */
export async function verifyOtp(
  db: Db,
  opts: OtpFor & { purpose: Purpose; requesterHash: string; code: string },
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(
        and(
          ...challengesOf(opts),
          eq(otpChallenges.requesterHash, opts.requesterHash),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.verifiedAt),
          gt(otpChallenges.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1)
      .for('update')
    if (!challenge) return { result: 'none' }
    const expected = Buffer.from(challenge.codeHash, 'base64url')
    if (timingSafeEqual(hashCode(challenge.id, opts.code), expected)) {
      const resetToken = randomBytes(32).toString('base64url')
      await tx
        .update(otpChallenges)
        .set({ verifiedAt: new Date(), resetTokenHash: sha256(resetToken) })
        .where(eq(otpChallenges.id, challenge.id))
      return { result: 'ok', resetToken }
    }
    const attempts = challenge.attempts + 1
    await tx
      .update(otpChallenges)
      .set({ attempts, ...(attempts >= otpMaxAttempts && { consumedAt: new Date() }) })
      .where(eq(otpChallenges.id, challenge.id))
    return { result: attempts >= otpMaxAttempts ? 'exhausted' : 'wrong' }
  })
}

/**
 * Uses up the challenge verified in the last few minutes by whoever holds its reset token;
 * false when there is none.
 */
export async function consumeVerifiedOtp(
  db: Db,
  opts: OtpFor & { purpose: Purpose; resetToken: string },
): Promise<boolean> {
  const since = new Date(Date.now() - resetWindowMs)
  const consumed = await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        ...challengesOf(opts),
        eq(otpChallenges.resetTokenHash, sha256(opts.resetToken)),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.verifiedAt, since),
      ),
    )
    .returning({ id: otpChallenges.id })
  return consumed.length > 0
}
