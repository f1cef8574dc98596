import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  OtpSendRequestSchema,
  PasswordResetRequestSchema,
  SendUsernameRequestSchema,
  UserNameRequestSchema,
  VerifyOtpRequestSchema,
  type NotifyType,
} from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import { users } from '../../db/schema.ts'
import { writeAudit } from '../../lib/audit.ts'
import { ApiException, validationFailed } from '../../lib/errors.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import { hashPassword } from '../../lib/password.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import { readJson } from '../../lib/validate.ts'
import { maskEmail, maskPhone } from './mask.ts'
import { consumeVerifiedOtp, issueOtp, verifyOtp } from './otp.ts'
import { assertAcceptablePassword } from './password-policy.ts'
import { revokeAllForUser } from './sessions.ts'
import { findUserByEmailOrPhone, findUserByLogin, type UserRow } from './users.ts'

// §8: a 404 on a recovery call shows the server's message; it says no more than this.
const noSuchUser = () =>
  new ApiException(404, 'We could not find an account with that username.', {
    code: 'user_not_found',
  })

async function activeUser(c: Context<AppEnv>, userName: string): Promise<UserRow> {
  const user = await findUserByLogin(c.var.database.db, userName)
  if (!user || user.status !== 'active') throw noSuchUser()
  return user
}

/** Sends a password-reset code over the chosen channel; the code never appears in a response. */
async function sendResetCode(c: Context<AppEnv>, user: UserRow, notifyType: NotifyType) {
  const recipient = notifyType === 'email' ? user.email : user.phone
  if (!recipient) {
    throw validationFailed({
      notify_type: [
        notifyType === 'email'
          ? 'This account has no email address.'
          : 'This account has no mobile number.',
      ],
    })
  }
  const channel = notifyType === 'email' ? 'email' : 'sms'
  const { database, services } = c.var
  await database.db.transaction(async (tx) => {
    const code = await issueOtp(tx, { userId: user.id, purpose: 'password_reset', channel })
    await enqueueMessage(tx, {
      instituteId: user.instituteId,
      channel,
      recipient,
      subject: 'Your password reset code',
      body: `Your password reset code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
    })
  })
  services.outbox.kick()
  return c.json({
    status: true as const,
    data: { user_name: user.username, notify_type: notifyType },
  })
}

/** Verifies a recovery code: five wrong tries void it; failures also count per account and IP. */
async function checkCode(c: Context<AppEnv>) {
  const body = await readJson(c, VerifyOtpRequestSchema)
  const user = await activeUser(c, body.user_name)
  const { throttle } = c.var.services
  const keys = { [`otp:acct:${user.id}`]: 10, [`otp:ip:${clientIp(c)}`]: 30 }
  throttle.check(keys)
  const result = await verifyOtp(c.var.database.db, {
    userId: user.id,
    purpose: 'password_reset',
    code: body.otp,
  })
  if (result.result === 'ok') {
    return c.json({ status: true, message: 'Congrats Otp match', reset_token: result.resetToken })
  }
  throttle.fail(...Object.keys(keys))
  const message = {
    wrong: 'The code is not correct.',
    exhausted: 'Too many wrong codes. Ask for a new one.',
    none: 'The code has expired or was already used. Ask for a new one.',
  }[result.result]
  throw validationFailed({ otp: [message] })
}

const resend = (notifyType: NotifyType) => async (c: Context<AppEnv>) => {
  const body = await readJson(c, UserNameRequestSchema)
  return sendResetCode(c, await activeUser(c, body.user_name), notifyType)
}

/**
 * Account recovery (§4, §7): forgotten username, forgotten password with a one-time code.
 * A factory, so each app keeps its own rate-limit counters.
 */
export const recoveryRoutes = () =>
  new Hono<AppEnv>()
    .use(rateLimit({ limit: 30, windowMs: 60_000 }))

    .post('/forgot-username/send-username', async (c) => {
      const body = await readJson(c, SendUsernameRequestSchema)
      const { database, services } = c.var
      const user = await findUserByEmailOrPhone(database.db, body.email_or_phone)
      if (!user || user.status !== 'active') {
        throw new ApiException(
          404,
          'We could not find an account with that email or mobile number.',
          {
            code: 'user_not_found',
          },
        )
      }
      // One reminder per account per window, so nobody can flood someone's phone with them.
      const cooldown = `send-username:${user.id}`
      services.throttle.check({ [cooldown]: 1 })
      services.throttle.fail(cooldown)
      const byEmail = v.is(v.pipe(v.string(), v.email()), body.email_or_phone.trim())
      const channel = byEmail ? 'email' : 'sms'
      const recipient = (byEmail ? user.email : user.phone) ?? body.email_or_phone
      await enqueueMessage(database.db, {
        instituteId: user.instituteId,
        channel,
        recipient,
        subject: 'Your username',
        body: `Your username is ${user.username}.`,
      })
      services.outbox.kick()
      return c.json({
        status: true,
        data: byEmail ? { email: maskEmail(recipient) } : { phone: maskPhone(recipient) },
      })
    })

    .post('/forgot/get-email-and-phone', async (c) => {
      const body = await readJson(c, UserNameRequestSchema)
      const user = await activeUser(c, body.user_name)
      return c.json({
        status: true,
        data: {
          email: user.email ? maskEmail(user.email) : null,
          phone: user.phone ? maskPhone(user.phone) : null,
          user_name: user.fullName,
          user_username: user.username,
        },
      })
    })

    .post('/forgot/otp-send', async (c) => {
      const body = await readJson(c, OtpSendRequestSchema)
      return sendResetCode(c, await activeUser(c, body.user_name), body.notify_type)
    })

    // Starts recovery on the account's first channel: email when it has one, else the phone.
    .post('/forgot-password', async (c) => {
      const body = await readJson(c, UserNameRequestSchema)
      const user = await activeUser(c, body.user_name)
      return sendResetCode(c, user, user.email ? 'email' : 'phone')
    })
    .post('/email-resend-otp', resend('email'))
    .post('/mobile-resend-otp', resend('phone'))

    .post('/forgot/verify-otp', checkCode)
    .post('/otp-verify', checkCode)

    .post('/forgot/password-reset', async (c) => {
      const body = await readJson(c, PasswordResetRequestSchema)
      const user = await activeUser(c, body.user_name)
      await assertAcceptablePassword(body.password)
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
        throw new ApiException(403, 'Verify the code we sent you first.', {
          code: 'otp_not_verified',
        })
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
      return c.json({ status: true, message: 'Your password has been reset.' })
    })
