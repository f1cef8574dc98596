import { describe, expect, it } from 'vitest'
import { otpChallenges } from '../../db/schema/auth.ts'
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

// How often codes are sent and tried, by the owner and by strangers.
describe('account recovery', () => {
  let t: T
  let owner: Browser
  recoverySuite((s) => ({ t, owner } = s))

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

  it('rate limits recovery calls per client', async () => {
    const statuses = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await owner.post('forgot/get-email-and-phone', { user_name: 'admin' })).status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
