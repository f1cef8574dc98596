import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { otpChallenges, users } from '../../db/schema/auth.ts'
import { adminPassword } from '../../test-support/test-app.ts'
import {
  browserOf,
  clearCodes,
  codeSentTo,
  email,
  otpErrors,
  phone,
  recoverySuite,
  type Browser,
  type T,
} from '../../test-support/account-recovery.ts'

// Password reset with a code: the code, where it is kept, and the new password.
describe('account recovery', () => {
  let t: T
  let owner: Browser
  recoverySuite((s) => ({ t, owner } = s))

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
})
