import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { otpChallenges } from '../../db/schema.ts'
import { tooManyRequests } from '../../lib/errors.ts'

export const otpTtlMs = 10 * 60 * 1000
export const otpMaxAttempts = 5
const resendAfterMs = 60 * 1000
/** How long after a correct code the new password may be set. */
export const resetWindowMs = 10 * 60 * 1000

type Purpose = (typeof otpChallenges.$inferSelect)['purpose']

/** The conditions every query here starts from: this user's challenges for this purpose. */
const challengesOf = (opts: { userId: string; purpose: Purpose }) => [
  eq(otpChallenges.userId, opts.userId),
  eq(otpChallenges.purpose, opts.purpose),
]

// Codes are stored as an HMAC keyed per challenge, never in clear.
const hashCode = (challengeId: string, code: string) =>
  createHmac('sha256', challengeId).update(code).digest()

/** Creates a new 6-digit code for the user, at most one a minute. */
export async function issueOtp(
  db: Db,
  opts: { userId: string; purpose: Purpose; channel: 'email' | 'sms' },
): Promise<string> {
  const [last] = await db
    .select({ createdAt: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(and(...challengesOf(opts)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1)
  const wait = last ? last.createdAt.getTime() + resendAfterMs - Date.now() : 0
  if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000))

  // A new code replaces any earlier one.
  await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(and(...challengesOf(opts), isNull(otpChallenges.consumedAt)))
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const id = crypto.randomUUID()
  await db.insert(otpChallenges).values({
    id,
    userId: opts.userId,
    purpose: opts.purpose,
    channel: opts.channel,
    codeHash: hashCode(id, code).toString('base64url'),
    expiresAt: new Date(Date.now() + otpTtlMs),
  })
  return code
}

export type VerifyResult =
  { result: 'ok'; resetToken: string } | { result: 'wrong' | 'exhausted' | 'none' }

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Checks a code against the user's live challenge; five wrong tries void it. */
export async function verifyOtp(
  db: Db,
  opts: { userId: string; purpose: Purpose; code: string },
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(
        and(
          ...challengesOf(opts),
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
        .set({ verifiedAt: new Date(), resetTokenHash: hashResetToken(resetToken) })
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
  opts: { userId: string; purpose: Purpose; resetToken: string },
): Promise<boolean> {
  const since = new Date(Date.now() - resetWindowMs)
  const consumed = await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        ...challengesOf(opts),
        eq(otpChallenges.resetTokenHash, hashResetToken(opts.resetToken)),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.verifiedAt, since),
      ),
    )
    .returning({ id: otpChallenges.id })
  return consumed.length > 0
}
