import { describe, expect, it, vi } from 'vitest'
import { outbox } from '../../db/schema/system.ts'
import { jsonRequest } from '../../test-support/test-app.ts'
import {
  browserOf,
  email,
  phone,
  recoverySuite,
  type Browser,
  type T,
} from '../../test-support/account-recovery.ts'

// Username reminders, the masked contact shown, and the messages behind them.
describe('account recovery', () => {
  let t: T
  let owner: Browser
  recoverySuite((s) => ({ t, owner } = s))

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
