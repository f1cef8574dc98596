import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { otpChallenges, users } from '../../db/schema/auth.ts'
import { outbox } from '../../db/schema/system.ts'
import { adminPassword, createTestApp, jsonRequest } from '../../test-support/test-app.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const email = 'admin@demo-school.example'
const phone = '+8801700000123'

/**
 * A browser at an address: it keeps the cookies the API sets (as ky does for same-origin
 * calls) and sends them back.
 */
function browserOf(t: T, address: string) {
  const jar = new Map<string, string>()
  return {
    async post(path: string, body: unknown, url = `http://localhost/api/auth/${path}`) {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const res = await t.app.request(url, jsonRequest(body, cookie ? { Cookie: cookie } : {}), {
        incoming: { socket: { remoteAddress: address } },
      })
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(';')
        const [name, value = ''] = pair!.split('=')
        if (value && !/max-age=0/i.test(set)) jar.set(name!, value)
        else jar.delete(name!)
      }
      return res
    },
  }
}
type Browser = ReturnType<typeof browserOf>

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

const otpErrors = async (res: Response) =>
  ((await res.json()) as { errors: { otp: string[] } }).errors.otp

describe('account recovery', () => {
  // A fresh app per test: recovery is rate limited per client, and every test here is one client.
  let t: T
  // The owner's browser, unless a test says otherwise.
  let owner: Browser
  beforeEach(async () => {
    t = await createTestApp()
    owner = browserOf(t, '198.51.100.7')
  })
  afterEach(() => t.database.close())

  it('sends the username to the email or the phone it was asked with', async () => {
    const byEmail = await owner.post('forgot-username/send-username', { email_or_phone: email })
    expect(byEmail.status).toBe(200)
    expect(await byEmail.json()).toEqual({
      status: true,
      data: { email: 'a***@demo-school.example' },
    })
    expect(await t.lastMessageTo(email)).toMatch(
      /^\[outbox\] email to admin@demo-school\.example: .*\badmin\b/,
    )

    const clientPhone = '+8801700000456'
    const byPhone = await owner.post('forgot-username/send-username', {
      email_or_phone: clientPhone,
    })
    expect(await byPhone.json()).toEqual({ status: true, data: { phone: '+880*******456' } })
    expect(await t.lastMessageTo(clientPhone)).toMatch(
      /^\[outbox\] sms to \+8801700000456: .*\bclient\b/,
    )
  })

  it('writes the reminder and the code in the language the browser asked in', async () => {
    const german = await t.app.request(
      '/api/auth/forgot-username/send-username',
      jsonRequest({ email_or_phone: email }, { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' }),
    )
    expect(german.status).toBe(200)
    expect(await t.lastMessageTo(email)).toMatch(/: Ihr Benutzername ist admin\.$/)

    const french = await t.app.request(
      '/api/auth/forgot/otp-send',
      jsonRequest({ user_name: 'admin', notify_type: 'phone' }, { 'Accept-Language': 'fr' }),
    )
    expect(french.status).toBe(200)
    expect(await t.lastMessageTo(phone)).toMatch(
      /: Votre code de réinitialisation du mot de passe est \d{6}\. Il est valable 10 minutes\./,
    )
  })

  it('sends one username reminder per account at a time, and keeps no message text once sent', async () => {
    // Someone else asking first does not keep the owner's reminder away.
    const stranger = browserOf(t, '203.0.113.66')
    await stranger.post('forgot-username/send-username', { email_or_phone: email })
    expect(
      (await owner.post('forgot-username/send-username', { email_or_phone: phone })).status,
    ).toBe(200)
    const again = await owner.post('forgot-username/send-username', { email_or_phone: email })
    expect(again.status).toBe(429)
    await t.app.services.outbox.flush()
    const rows = await t.database.db.select().from(outbox)
    expect(rows.every((r) => r.status === 'sent' && r.body === '')).toBe(true)
  })

  it('answers an unknown email, phone or username with a 404 and a message, nothing more', async () => {
    const res = await owner.post('forgot-username/send-username', {
      email_or_phone: 'who@where.example',
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      message: 'We could not find an account with that email or mobile number.',
      code: 'contact_not_found',
    })
    for (const path of ['forgot/get-email-and-phone', 'forgot-password']) {
      const r = await owner.post(path, { user_name: 'nobody' })
      expect(r.status, path).toBe(404)
    }
    expect(
      (await owner.post('forgot/otp-send', { user_name: 'nobody', notify_type: 'email' })).status,
    ).toBe(404)
    expect(
      (await owner.post('forgot/verify-otp', { user_name: 'nobody', otp: '123456' })).status,
    ).toBe(404)
  })

  it('shows the email and phone only masked, and no name but the one typed', async () => {
    const res = await owner.post('forgot/get-email-and-phone', { user_name: 'admin' })
    expect(await res.json()).toEqual({
      status: true,
      data: {
        email: 'a***@demo-school.example',
        phone: '+880*******123',
        user_name: 'admin',
        user_username: 'admin',
      },
    })
    // Typing the email address gives away neither the full name nor the username.
    const byEmail = await owner.post('forgot/get-email-and-phone', { user_name: email })
    const text = await byEmail.text()
    expect(text).not.toMatch(/Demo Administrator|"admin"/)
    const sent = await owner.post('forgot-password', { user_name: email })
    expect(await sent.json()).toEqual({
      status: true,
      data: { user_name: email, notify_type: 'email' },
    })
  })

  it('resets the password with a code: send, verify, reset, sign in with the new one', async () => {
    await clearCodes(t)
    const sent = await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    expect(await sent.json()).toEqual({
      status: true,
      data: { user_name: 'admin', notify_type: 'phone' },
    })
    const code = await codeSentTo(t, phone)

    const verified = await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })
    const { reset_token, ...rest } = (await verified.json()) as { reset_token: string }
    expect(rest).toEqual({ status: true, message: 'Congrats Otp match' })

    // Someone racing the owner, without the token the code earned, gets nowhere.
    const racer = await owner.post('forgot/password-reset', {
      user_name: 'admin',
      reset_token: 'guessed',
      password: 'attacker-password-1',
      password_confirmation: 'attacker-password-1',
    })
    expect(racer.status).toBe(403)

    const reset = await owner.post('forgot/password-reset', {
      user_name: 'admin',
      reset_token,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    })
    expect(reset.status).toBe(200)
    const login = (password: string) => owner.post('login', { username: 'admin', password })
    expect((await login('a-brand-new-password')).status).toBe(200)
    expect((await login(adminPassword)).status).toBe(401)

    // The code and the verification are used up.
    const again = await owner.post('forgot/password-reset', {
      user_name: 'admin',
      reset_token,
      password: 'yet-another-password',
      password_confirmation: 'yet-another-password',
    })
    expect(again.status).toBe(403)
    expect((await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(
      422,
    )
  })

  it('refuses a reset without a verified code', async () => {
    await clearCodes(t)
    const res = await owner.post('forgot/password-reset', {
      user_name: 'admin',
      reset_token: 'made-up',
      password: 'sneaky-password-1',
      password_confirmation: 'sneaky-password-1',
    })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('otp_not_verified')
  })

  it('sends at most one code a minute to each browser', async () => {
    await clearCodes(t)
    expect(
      (await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'email' })).status,
    ).toBe(200)
    const soon = await owner.post('email-resend-otp', { user_name: 'admin' })
    expect(soon.status).toBe(429)
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another browser waits for nobody else's minute.
    const other = browserOf(t, '198.51.100.8')
    expect((await other.post('email-resend-otp', { user_name: 'admin' })).status).toBe(200)
  })

  it('keeps the code in an HttpOnly, SameSite=Strict cookie for /api/auth, Secure over https', async () => {
    const res = await owner.post('forgot-password', { user_name: 'admin' })
    const [cookie] = res.headers.getSetCookie()
    expect(cookie).toMatch(/^recovery_requester=[\w-]{43};/)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/)
    expect(cookie).not.toMatch(/Secure/)
    const overHttps = await browserOf(t, '198.51.100.9').post(
      'forgot-password',
      { user_name: 'admin' },
      'https://localhost/api/auth/forgot-password',
    )
    expect(overHttps.headers.getSetCookie()[0]).toMatch(/; Secure/)
  })

  it('accepts a code only from the browser that asked for it', async () => {
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    const code = await codeSentTo(t, phone)
    // The right code from anywhere else (another browser, or no cookie at all) does nothing.
    for (const elsewhere of [browserOf(t, '198.51.100.7'), browserOf(t, '203.0.113.66')]) {
      const r = await elsewhere.post('forgot/verify-otp', { user_name: 'admin', otp: code })
      expect(r.status).toBe(422)
      expect(await otpErrors(r)).toEqual([
        'The code has expired or was already used. Ask for a new one.',
      ])
    }
    expect((await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(
      200,
    )
  })

  it('a stranger’s 20 wrong codes from another address neither burn the owner’s code nor stop the owner', async () => {
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    const code = await codeSentTo(t, phone)
    const wrong = code === '000000' ? '111111' : '000000'

    // A stranger with a code of their own, and one with no cookie at all.
    const stranger = browserOf(t, '203.0.113.66')
    await stranger.post('forgot/otp-send', { user_name: 'admin', notify_type: 'email' })
    const cookieless = browserOf(t, '203.0.113.67')
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      for (const who of [stranger, cookieless]) {
        statuses.push(
          (await who.post('forgot/verify-otp', { user_name: 'admin', otp: wrong })).status,
        )
      }
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)

    const verified = await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })
    expect(verified.status).toBe(200)
    const { reset_token } = (await verified.json()) as { reset_token: string }
    const reset = await owner.post('forgot/password-reset', {
      user_name: 'admin',
      reset_token,
      password: 'owner-is-back-in-1',
      password_confirmation: 'owner-is-back-in-1',
    })
    expect(reset.status).toBe(200)
    expect(
      (await owner.post('login', { username: 'admin', password: 'owner-is-back-in-1' })).status,
    ).toBe(200)
  })

  it('a stranger asking for codes does not replace the owner’s live code', async () => {
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    const code = await codeSentTo(t, phone)
    for (const address of ['203.0.113.66', '203.0.113.67']) {
      const stranger = browserOf(t, address)
      expect(
        (await stranger.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' }))
          .status,
      ).toBe(200)
    }
    await t.app.services.outbox.flush()
    expect(t.sent.filter((line) => line.includes(` to ${phone}: `))).toHaveLength(3)
    expect((await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(
      200,
    )
  })

  it('sends at most five codes an hour for one account, whoever asks, and keeps those sent', async () => {
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'phone' })
    const code = await codeSentTo(t, phone)
    for (let i = 1; i < 5; i++) {
      const r = await browserOf(t, `203.0.113.${i}`).post('forgot-password', { user_name: 'admin' })
      expect(r.status).toBe(200)
    }
    const sixth = await browserOf(t, '203.0.113.9').post('forgot-password', { user_name: 'admin' })
    expect(sixth.status).toBe(429)
    expect(await sixth.json()).toEqual({
      message: 'Too many codes were sent for this account. Try again later.',
      code: 'otp_send_limit',
    })
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(
      (await browserOf(t, '203.0.113.10').post('forgot-password', { user_name: 'client' })).status,
    ).toBe(200)
    expect((await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(
      200,
    )
  })

  it('voids a code after five wrong tries, and refuses an expired one', async () => {
    await clearCodes(t)
    await owner.post('forgot-password', { user_name: 'admin' })
    const code = await codeSentTo(t, email)
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await owner.post('forgot/verify-otp', { user_name: 'admin', otp: wrong })
      expect(r.status).toBe(422)
      messages.push((await otpErrors(r))[0]!)
    }
    expect(messages.at(0)).toBe('The code is not correct.')
    expect(messages.at(-1)).toBe('Too many wrong codes. Ask for a new one.')
    // Even the right code is refused now.
    expect((await owner.post('forgot/verify-otp', { user_name: 'admin', otp: code })).status).toBe(
      422,
    )

    await clearCodes(t)
    await owner.post('mobile-resend-otp', { user_name: 'admin' })
    const fresh = await codeSentTo(t, phone)
    await t.database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await owner.post('otp-verify', { user_name: 'admin', otp: fresh })
    expect(expired.status).toBe(422)
  })

  it('answers 429 once one address has had too many wrong codes for an account, whatever the challenge', async () => {
    await owner.post('forgot-password', { user_name: 'admin' })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await owner.post('forgot/verify-otp', { user_name: 'admin', otp: '999999' })).status,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true)
    expect(statuses[10]).toBe(429)
    const refused = await owner.post('forgot/verify-otp', { user_name: 'admin', otp: '999999' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is still heard.
    const moved = browserOf(t, '198.51.100.99')
    expect(
      (await moved.post('forgot/verify-otp', { user_name: 'admin', otp: '999999' })).status,
    ).toBe(422)
  })

  it('stores codes hashed, never in clear', async () => {
    await clearCodes(t)
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'email' })
    const code = await codeSentTo(t, email)
    const [row] = await t.database.db.select().from(otpChallenges)
    expect(row?.codeHash).not.toContain(code)
  })

  it('refuses a weak, common or unconfirmed new password, naming the field', async () => {
    await clearCodes(t)
    await owner.post('forgot/otp-send', { user_name: 'admin', notify_type: 'email' })
    const verified = await owner.post('forgot/verify-otp', {
      user_name: 'admin',
      otp: await codeSentTo(t, email),
    })
    const { reset_token } = (await verified.json()) as { reset_token: string }
    const attempt = async (password: string, confirmation = password) => {
      const r = await owner.post('forgot/password-reset', {
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
    // The same answer whether the account exists or not.
    const unknown = await owner.post('forgot/password-reset', {
      user_name: 'nobody',
      reset_token,
      password: 'password1',
      password_confirmation: 'password1',
    })
    expect(unknown.status).toBe(422)
    expect(((await unknown.json()) as { errors: object }).errors).toEqual({
      password: ['This password is too common. Choose another one.'],
    })
  })

  it('rejects a channel the account does not have and a malformed code', async () => {
    await t.database.db.update(users).set({ phone: null }).where(eq(users.username, 'admin'))
    await clearCodes(t)
    const noPhone = await owner.post('forgot/otp-send', {
      user_name: 'admin',
      notify_type: 'phone',
    })
    expect(noPhone.status).toBe(422)
    await t.database.db.update(users).set({ phone }).where(eq(users.username, 'admin'))
    const bad = await owner.post('forgot/verify-otp', { user_name: 'admin', otp: '12ab' })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.otp).toEqual([
      'The code is 6 digits.',
    ])
  })

  it('rate limits recovery calls per client', async () => {
    const statuses = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await owner.post('forgot/get-email-and-phone', { user_name: 'admin' })).status)
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
    const res = await owner.post('forgot-username/send-username', { email_or_phone: email })
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
