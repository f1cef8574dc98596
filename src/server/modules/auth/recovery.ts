import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import {
  OtpSendRequestSchema,
  PasswordResetRequestSchema,
  SendUsernameRequestSchema,
  UserNameRequestSchema,
  VerifyOtpRequestSchema,
  type NotifyType,
  SendUsernameResponseSchema,
  EmailAndPhoneResponseSchema,
  OtpSendResponseSchema,
  VerifyOtpResponseSchema,
  StatusSchema,
} from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import { users } from '../../db/schema/auth.ts'
import { writeAudit } from '../../lib/audit.ts'
import { localeOf, textIn } from '../../lib/messages.ts'
import { notices } from '../../../shared/messages/notices.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { forbidden } from '../../lib/auth.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import { hashPassword } from '../../lib/password.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import type { UserRow } from '../../lib/user-data.ts'
import { readJson } from '../../lib/validate.ts'
import { maskEmail, maskPhone } from '../../lib/mask.ts'
import {
  consumeVerifiedOtp,
  issueOtp,
  newRequesterHandle,
  otpTtlMs,
  requesterHashOf,
  verifyOtp,
} from '../../lib/otp.ts'
import { assertAcceptablePassword } from './password-policy.ts'
import { revokeAllForUser } from './session-store.ts'
import { findUserByEmailOrPhone, findUserByLogin } from './user-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

// §8: a 404 on a recovery call shows the server's message; it says no more than this.
const noSuchUser = () => notFound('username_not_found')

async function activeUser(c: Context<AppEnv>, userName: string): Promise<UserRow> {
  const user = await findUserByLogin(c.var.database.db, userName)
  if (!user || user.status !== 'active') throw noSuchUser()
  return user
}

/**
 * The browser that asked for a code keeps a random handle in this cookie; its code can only be
 * tried from there (OWASP forgot-password: the code is bound to the request that asked for it).
 * HttpOnly and SameSite=Strict, sent only to /api/auth, Secure over https. It holds nothing
 * but the handle; the database keeps only the handle's hash.
 */
const requesterCookie = 'recovery_requester'
const handlePattern = /^[\w-]{43}$/

function requesterHandle(c: Context<AppEnv>): string | undefined {
  const handle = getCookie(c, requesterCookie)
  return handle && handlePattern.test(handle) ? handle : undefined
}

const cookieOptions = (c: Context<AppEnv>) => ({
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'Strict' as const,
  secure: new URL(c.req.url).protocol === 'https:',
})

/** Sends a password-reset code over the chosen channel; the code never appears in a response. */
async function sendResetCode(
  c: Context<AppEnv>,
  user: UserRow,
  notifyType: NotifyType,
  typedName: string,
) {
  const recipient = notifyType === 'email' ? user.email : user.phone
  if (!recipient) {
    throw validationFailed({ notify_type: notifyType === 'email' ? 'no_email' : 'no_phone' })
  }
  const channel = notifyType === 'email' ? 'email' : 'sms'
  const locale = localeOf(c.req.header('accept-language'))
  const { database, services } = c.var
  // The same browser keeps its handle, so its new code replaces its own earlier one.
  const handle = requesterHandle(c) ?? newRequesterHandle()
  await database.db.transaction(async (tx) => {
    const code = await issueOtp(tx, {
      userId: user.id,
      purpose: 'password_reset',
      channel,
      requesterHash: requesterHashOf(handle),
    })
    await enqueueMessage(tx, {
      instituteId: user.instituteId,
      channel,
      recipient,
      subject: textIn(locale, notices.resetCodeSubject),
      body: textIn(locale, notices.resetCodeBody, { code }),
    })
  })
  services.outbox.kick()
  setCookie(c, requesterCookie, handle, { ...cookieOptions(c), maxAge: otpTtlMs / 1000 })
  // The name as typed: an email address typed here does not give away the username.
  return c.json({ status: true as const, data: { user_name: typedName, notify_type: notifyType } })
}

/**
 * Verifies a recovery code against the code this browser asked for: five wrong tries void it.
 * Wrong codes are also counted per account and address and per address, never per account
 * alone, so nobody can lock an account's recovery from elsewhere; how many codes an account
 * gets an hour bounds the guesses (see `accountCodesPerHour`).
 */
async function checkCode(c: Context<AppEnv>) {
  const body = await readJson(c, VerifyOtpRequestSchema)
  const user = await activeUser(c, body.user_name)
  const { throttle } = c.var.services
  const ip = clientIp(c)
  const keys = { [`otp:acct-ip:${user.id}:${ip}`]: 10, [`otp:ip:${ip}`]: 30 }
  await throttle.check(keys)
  const handle = requesterHandle(c)
  const result = handle
    ? await verifyOtp(c.var.database.db, {
        userId: user.id,
        purpose: 'password_reset',
        requesterHash: requesterHashOf(handle),
        code: body.otp,
      })
    : ({ result: 'none' } as const)
  if (result.result === 'ok') {
    return c.json({ status: true, message: 'Congrats Otp match', reset_token: result.resetToken })
  }
  await throttle.fail(...Object.keys(keys))
  const code = (
    { wrong: 'otp_wrong', exhausted: 'otp_too_many_wrong', none: 'otp_expired' } as const
  )[result.result]
  throw validationFailed({ otp: code })
}

const resend = (notifyType: NotifyType) => async (c: Context<AppEnv>) => {
  const body = await readJson(c, UserNameRequestSchema)
  return sendResetCode(c, await activeUser(c, body.user_name), notifyType, body.user_name)
}

/**
 * Account recovery (§4, §7): forgotten username, forgotten password with a one-time code.
 * A factory, so each app keeps its own rate-limit counters.
 */
export const recoveryRoutes = () =>
  new Hono<AppEnv>()
    .use(rateLimit({ name: 'recovery', limit: 30, windowMs: 60_000 }))

    .post(
      '/forgot-username/send-username',
      documented({ answers: SendUsernameResponseSchema, body: SendUsernameRequestSchema }),
    )
    .post('/forgot-username/send-username', async (c) => {
      const body = await readJson(c, SendUsernameRequestSchema)
      const { database, services } = c.var
      const user = await findUserByEmailOrPhone(database.db, body.email_or_phone)
      if (!user || user.status !== 'active') {
        throw notFound('contact_not_found')
      }
      // One reminder per account and address per window, and three per account whoever asks:
      // nobody can flood someone's phone with them, nor, from one address, keep the owner's away.
      const sent = {
        [`send-username:${user.id}:${clientIp(c)}`]: 1,
        [`send-username:${user.id}`]: 3,
      }
      await services.throttle.check(sent)
      await services.throttle.fail(...Object.keys(sent))
      const byEmail = v.is(v.pipe(v.string(), v.email()), body.email_or_phone.trim())
      const channel = byEmail ? 'email' : 'sms'
      const recipient = (byEmail ? user.email : user.phone) ?? body.email_or_phone
      const locale = localeOf(c.req.header('accept-language'))
      await enqueueMessage(database.db, {
        instituteId: user.instituteId,
        channel,
        recipient,
        subject: textIn(locale, notices.usernameSubject),
        body: textIn(locale, notices.usernameBody, { username: user.username }),
      })
      services.outbox.kick()
      return c.json({
        status: true,
        data: byEmail ? { email: maskEmail(recipient) } : { phone: maskPhone(recipient) },
      })
    })

    .post(
      '/forgot/get-email-and-phone',
      documented({ answers: EmailAndPhoneResponseSchema, body: UserNameRequestSchema }),
    )
    .post('/forgot/get-email-and-phone', async (c) => {
      const body = await readJson(c, UserNameRequestSchema)
      const user = await activeUser(c, body.user_name)
      // Only the masked addresses the flow offers to choose from; the names are the one typed,
      // so nobody learns a person's name, or the username behind an email address, from here.
      return c.json({
        status: true,
        data: {
          email: user.email ? maskEmail(user.email) : null,
          phone: user.phone ? maskPhone(user.phone) : null,
          user_name: body.user_name,
          user_username: body.user_name,
        },
      })
    })

    .post(
      '/forgot/otp-send',
      documented({ answers: OtpSendResponseSchema, body: OtpSendRequestSchema }),
    )
    .post('/forgot/otp-send', async (c) => {
      const body = await readJson(c, OtpSendRequestSchema)
      const user = await activeUser(c, body.user_name)
      return sendResetCode(c, user, body.notify_type, body.user_name)
    })

    // Starts recovery on the account's first channel: email when it has one, else the phone.
    .post(
      '/forgot-password',
      documented({ answers: OtpSendResponseSchema, body: UserNameRequestSchema }),
    )
    .post('/forgot-password', async (c) => {
      const body = await readJson(c, UserNameRequestSchema)
      const user = await activeUser(c, body.user_name)
      return sendResetCode(c, user, user.email ? 'email' : 'phone', body.user_name)
    })
    .post(
      '/email-resend-otp',
      documented({ answers: OtpSendResponseSchema, body: UserNameRequestSchema }),
    )
    .post('/email-resend-otp', resend('email'))
    .post(
      '/mobile-resend-otp',
      documented({ answers: OtpSendResponseSchema, body: UserNameRequestSchema }),
    )
    .post('/mobile-resend-otp', resend('phone'))

    .post(
      '/forgot/verify-otp',
      documented({ answers: VerifyOtpResponseSchema, body: VerifyOtpRequestSchema }),
    )
    .post('/forgot/verify-otp', checkCode)
    .post(
      '/otp-verify',
      documented({ answers: VerifyOtpResponseSchema, body: VerifyOtpRequestSchema }),
    )
    .post('/otp-verify', checkCode)

    .post(
      '/forgot/password-reset',
      documented({ answers: StatusSchema, body: PasswordResetRequestSchema }),
    )
    .post('/forgot/password-reset', async (c) => {
      const body = await readJson(c, PasswordResetRequestSchema)
      // The whole request is judged before the account is looked up: a weak password gets the
      // same answer, as fast, whether the account exists or not.
      await assertAcceptablePassword(body.password)
      const user = await activeUser(c, body.user_name)
      const db = c.var.database.db
      // The reset token is checked before the (costly) password hash is computed.
      const consumed = await db.transaction((tx) =>
        consumeVerifiedOtp(tx, {
          userId: user.id,
          purpose: 'password_reset',
          resetToken: body.reset_token,
        }),
      )
      if (!consumed) {
        throw forbidden('otp_not_verified')
      }
      const passwordHash = await hashPassword(body.password)
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false })
          .where(eq(users.id, user.id))
        // Whoever knew the old password is signed out everywhere.
        await revokeAllForUser(tx, user.id)
        await writeAudit(tx, {
          area: 'auth',
          instituteId: user.instituteId,
          userId: user.id,
          action: 'password_reset',
          entity: 'user',
          entityId: user.id,
          ...requestInfo(c),
        })
      })
      deleteCookie(c, requesterCookie, cookieOptions(c))
      return c.json({ status: true, message: 'Your password has been reset.' })
    })
