import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { otpChallenges, outbox, users } from '../../db/schema.ts'
import { adminPassword, createTestApp, jsonRequest } from '../../testing.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const email = 'admin@demo-school.example'
const phone = '+8801700000123'

const post = (t: T, path: string, body: unknown) =>
  t.app.request(`/api/auth/${path}`, jsonRequest(body))

/** The six digits of the last code sent to a recipient. */
async function codeSentTo(t: T, recipient: string): Promise<string> {
  const line = await t.lastMessageTo(recipient)
  const code = /\b(\d{6})\b/.exec(line ?? '')?.[1]
  if (!code) throw new Error(`no code sent to ${recipient}: ${line}`)
  return code
}

async function clearCodes(t: T) {
  await t.database.db.delete(otpChallenges)
}

describe('account recovery', () => {
  // A fresh app per test: recovery is rate limited per client, and every test here is one client.
  let t: T
  beforeEach(async () => {
    t = await createTestApp()
  })
  afterEach(() => t.database.close())

  it('sends the username to the email or the phone it was asked with', async () => {
    const byEmail = await post(t, 'forgot-username/send-username', { email_or_phone: email })
    expect(byEmail.status).toBe(200)
    expect(await byEmail.json()).toEqual({
      status: true,
      data: { email: 'a***@demo-school.example' },
    })
    expect(await t.lastMessageTo(email)).toMatch(
      /^\[outbox\] email to admin@demo-school\.example: .*\badmin\b/,
    )

    const clientPhone = '+8801700000456'
    const byPhone = await post(t, 'forgot-username/send-username', { email_or_phone: clientPhone })
    expect(await byPhone.json()).toEqual({ status: true, data: { phone: '+880*******456' } })
    expect(await t.lastMessageTo(clientPhone)).toMatch(
      /^\[outbox\] sms to \+8801700000456: .*\bclient\b/,
    )
  })

  it('sends one username reminder per account at a time, and keeps no message text once sent', async () => {
    await post(t, 'forgot-username/send-username', { email_or_phone: phone })
    const again = await post(t, 'forgot-username/send-username', { email_or_phone: email })
    expect(again.status).toBe(429)
    await t.app.services.outbox.flush()
    const rows = await t.database.db.select().from(outbox)
    expect(rows.every((r) => r.status === 'sent' && r.body === '')).toBe(true)
  })

  it('answers an unknown email, phone or username with a 404 and a message, nothing more', async () => {
    const res = await post(t, 'forgot-username/send-username', {
      email_or_phone: 'who@where.example',
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      message: 'We could not find an account with that email or mobile number.',
      code: 'user_not_found',
    })
    for (const path of ['forgot/get-email-and-phone', 'forgot-password']) {
      const r = await post(t, path, { user_name: 'nobody' })
      expect(r.status, path).toBe(404)
    }
    expect(
      (await post(t, 'forgot/otp-send', { user_name: 'nobody', notify_type: 'email' })).status,
    ).toBe(404)
    expect(
      (await post(t, 'forgot/verify-otp', { user_name: 'nobody', otp: '123456' })).status,
    ).toBe(404)
  })

  it('shows the email and phone only masked', async () => {
    const res = await post(t, 'forgot/get-email-and-phone', { user_name: 'admin' })
    expect(await res.json()).toEqual({
      status: true,
      data: {
        email: 'a***@demo-school.example',
        phone: '+880*******123',
        user_name: 'Demo Administrator',
        user_username: 'admin',
      },
    })
  })

  it('resets the password with a code: send, verify, reset, sign in with the new one', async () => {
    await clearCodes(t)
    const sent = await post(t, 'forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    expect(await sent.json()).toEqual({
      status: true,
      data: { user_name: 'admin', notify_type: 'phone' },
    })
    const code = await codeSentTo(t, phone)

    const verified = await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: code })
    const { reset_token, ...rest } = (await verified.json()) as { reset_token: string }
    expect(rest).toEqual({ status: true, message: 'Congrats Otp match' })

    // Someone racing the owner, without the token the code earned, gets nowhere.
    const racer = await post(t, 'forgot/password-reset', {
      user_name: 'admin',
      reset_token: 'guessed',
      password: 'attacker-password-1',
      password_confirmation: 'attacker-password-1',
    })
    expect(racer.status).toBe(403)

    const reset = await post(t, 'forgot/password-reset', {
      user_name: 'admin',
      reset_token,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    })
    expect(reset.status).toBe(200)
    const login = (password: string) => post(t, 'login', { username: 'admin', password })
    expect((await login('a-brand-new-password')).status).toBe(200)
    expect((await login(adminPassword)).status).toBe(401)

    // The code and the verification are used up.
    const again = await post(t, 'forgot/password-reset', {
      user_name: 'admin',
      reset_token,
      password: 'yet-another-password',
      password_confirmation: 'yet-another-password',
    })
    expect(again.status).toBe(403)
    expect((await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(422)
  })

  it('refuses a reset without a verified code', async () => {
    await clearCodes(t)
    const res = await post(t, 'forgot/password-reset', {
      user_name: 'admin',
      reset_token: 'made-up',
      password: 'sneaky-password-1',
      password_confirmation: 'sneaky-password-1',
    })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('otp_not_verified')
  })

  it('sends at most one code a minute', async () => {
    await clearCodes(t)
    expect(
      (await post(t, 'forgot/otp-send', { user_name: 'admin', notify_type: 'email' })).status,
    ).toBe(200)
    const soon = await post(t, 'email-resend-otp', { user_name: 'admin' })
    expect(soon.status).toBe(429)
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('voids a code after five wrong tries, and refuses an expired one', async () => {
    await clearCodes(t)
    await post(t, 'forgot-password', { user_name: 'admin' })
    const code = await codeSentTo(t, email)
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: wrong })
      expect(r.status).toBe(422)
      messages.push(((await r.json()) as { errors: { otp: string[] } }).errors.otp[0]!)
    }
    expect(messages.at(0)).toBe('The code is not correct.')
    expect(messages.at(-1)).toBe('Too many wrong codes. Ask for a new one.')
    // Even the right code is refused now.
    expect((await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(422)

    await clearCodes(t)
    await post(t, 'mobile-resend-otp', { user_name: 'admin' })
    const fresh = await codeSentTo(t, phone)
    await t.database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await post(t, 'otp-verify', { user_name: 'admin', otp: fresh })
    expect(expired.status).toBe(422)
  })

  it('answers 429 once an account has had too many wrong codes, whatever the challenge', async () => {
    await post(t, 'forgot-password', { user_name: 'admin' })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: '999999' })).status,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('stores codes hashed, never in clear', async () => {
    await clearCodes(t)
    await post(t, 'forgot/otp-send', { user_name: 'admin', notify_type: 'email' })
    const code = await codeSentTo(t, email)
    const [row] = await t.database.db.select().from(otpChallenges)
    expect(row?.codeHash).not.toContain(code)
  })

  it('refuses a weak, common or unconfirmed new password, naming the field', async () => {
    await clearCodes(t)
    await post(t, 'forgot/otp-send', { user_name: 'admin', notify_type: 'email' })
    const verified = await post(t, 'forgot/verify-otp', {
      user_name: 'admin',
      otp: await codeSentTo(t, email),
    })
    const { reset_token } = (await verified.json()) as { reset_token: string }
    const attempt = async (password: string, confirmation = password) => {
      const r = await post(t, 'forgot/password-reset', {
        user_name: 'admin',
        reset_token,
        password,
        password_confirmation: confirmation,
      })
      expect(r.status).toBe(422)
      return ((await r.json()) as { errors: Record<string, string[]> }).errors
    }
    expect((await attempt('short')).password).toBeDefined()
    expect((await attempt('x'.repeat(129))).password).toBeDefined()
    expect((await attempt('password1')).password).toEqual([
      'This password is too common. Choose another one.',
    ])
    expect((await attempt('long-enough-1', 'long-enough-2')).password_confirmation).toEqual([
      'The password confirmation does not match.',
    ])
  })

  it('rejects a channel the account does not have and a malformed code', async () => {
    await t.database.db.update(users).set({ phone: null }).where(eq(users.username, 'admin'))
    await clearCodes(t)
    const noPhone = await post(t, 'forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    expect(noPhone.status).toBe(422)
    await t.database.db.update(users).set({ phone }).where(eq(users.username, 'admin'))
    const bad = await post(t, 'forgot/verify-otp', { user_name: 'admin', otp: '12ab' })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.otp).toEqual([
      'The code is 6 digits.',
    ])
  })

  it('rate limits recovery calls per client', async () => {
    const statuses = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await post(t, 'forgot/get-email-and-phone', { user_name: 'admin' })).status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('never fails the request when a message cannot be sent, and retries it later', async () => {
    const failing = t
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('provider down'))
      .mockResolvedValue(undefined)
    Object.assign(failing.app.services.outbox, { transports: { email: { send }, sms: { send } } })
    const res = await post(failing, 'forgot-username/send-username', { email_or_phone: email })
    expect(res.status).toBe(200)
    await failing.app.services.outbox.flush()
    expect(send).toHaveBeenCalledTimes(1)
    const [row] = await failing.database.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: provider down' })
    await failing.database.db.update(outbox).set({ nextAttemptAt: new Date() })
    failing.app.services.outbox.kick()
    await failing.app.services.outbox.flush()
    expect(send).toHaveBeenCalledTimes(2)
    const [after] = await failing.database.db.select().from(outbox)
    expect(after?.status).toBe('sent')
  })
})
