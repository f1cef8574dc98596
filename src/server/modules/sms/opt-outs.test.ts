import { describe, expect, it } from 'vitest'
import type { SmsOptOut, SmsOptOutList, SmsSettings } from '../../../shared/schemas/sms.ts'
import { signedInWithRules } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('SMS opt-outs and the numbers’ country', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const optOut = (body: object, token = admin) =>
    asUser(t, token, 'POST', '/api/sms/opt-outs', body)
  const list = async (token = admin) =>
    ((await (await asUser(t, token, 'GET', '/api/sms/opt-outs')).json()) as SmsOptOutList).data

  it('keeps a number in E.164 however it was written, once, and lets it back in', async () => {
    // Written as Bangladesh writes it: the institute's numbers are read there until set otherwise.
    const res = await optOut({ number: '01711-223344', reason: 'Asked by the guardian' })
    expect(res.status).toBe(201)
    const saved = (await res.json()) as SmsOptOut
    expect(saved).toMatchObject({ number: '+8801711223344', reason: 'Asked by the guardian' })
    // The same number with its country code is the same number.
    const again = await optOut({ number: '+880 1711 223344', reason: 'Twice' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'sms_number_opted_out' })
    expect((await list()).filter((o) => o.number === '+8801711223344')).toHaveLength(1)

    expect((await asUser(t, admin, 'DELETE', `/api/sms/opt-outs/${saved.id}`)).status).toBe(204)
    expect((await list()).map((o) => o.id)).not.toContain(saved.id)
    expect((await asUser(t, admin, 'DELETE', `/api/sms/opt-outs/${saved.id}`)).status).toBe(404)
  })

  it('reads local numbers in the country the institute sets', async () => {
    const before = (await (
      await asUser(t, admin, 'GET', '/api/sms/settings')
    ).json()) as SmsSettings
    expect(before.country).toBe('BD')
    expect(before.countries).toContain('IN')
    const set = await asUser(t, admin, 'PUT', '/api/sms/settings', { country: 'in' })
    expect(set.status).toBe(200)
    expect(((await set.json()) as SmsSettings).country).toBe('IN')
    const indian = await optOut({ number: '098765 43210', reason: 'Wrong number' })
    expect(((await indian.json()) as SmsOptOut).number).toBe('+919876543210')
    const unknown = await asUser(t, admin, 'PUT', '/api/sms/settings', { country: 'XX' })
    expect(await unknown.json()).toMatchObject({
      fields: { country: [{ code: 'sms_country_unknown' }] },
    })
    await asUser(t, admin, 'PUT', '/api/sms/settings', { country: 'BD' })
  })

  it('names the field of a bad number or reason, and is the sms-notification permission’s', async () => {
    const bad = await optOut({ number: '12345', reason: 'x' })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ fields: { number: [{ code: 'sms_number_invalid' }] } })
    const blank = await optOut({ number: ' ', reason: ' ' })
    expect(await blank.json()).toMatchObject({
      fields: {
        number: [{ code: 'sms_number_required' }],
        reason: [{ code: 'sms_opt_out_reason_required' }],
      },
    })
    expect((await asUser(t, admin, 'DELETE', '/api/sms/opt-outs/not-an-id')).status).toBe(404)

    const saved = (await (
      await optOut({ number: '01811-000111', reason: 'Asked' })
    ).json()) as SmsOptOut
    const reader = await signedInWithRules(t, 'opt-out-reader', [
      { action: 'read', subject: 'sms-notification' },
    ])
    expect((await list(reader)).map((o) => o.id)).toContain(saved.id)
    expect((await optOut({ number: '01811-000112', reason: 'x' }, reader)).status).toBe(403)
    expect((await asUser(t, reader, 'PUT', '/api/sms/settings', { country: 'IN' })).status).toBe(
      403,
    )
    await addUser(t, {
      username: 'opt-out-stranger',
      password: 'opt-out-stranger-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const stranger = await signIn(t, 'opt-out-stranger', 'opt-out-stranger-1')
    expect((await list(stranger)).map((o) => o.id)).not.toContain(saved.id)
    expect((await asUser(t, stranger, 'DELETE', `/api/sms/opt-outs/${saved.id}`)).status).toBe(404)
  })
})
