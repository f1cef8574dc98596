import { describe, expect, it } from 'vitest'
import type { SmsAudiencePreview } from '../../../shared/schemas/sms.ts'
import { signedInWithRules } from '../../test-support/admission.ts'
import { counterFamily } from '../../test-support/collection.ts'
import { demoSession } from '../../test-support/fee-invoices.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('SMS audiences', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const preview = async (audience: object, onePerFamily = true, token = admin) => {
    const res = await asUser(t, token, 'POST', '/api/sms/audiences/preview', {
      audience,
      onePerFamily,
    })
    return res
  }
  const read = async (audience: object, onePerFamily = true) => {
    const res = await preview(audience, onePerFamily)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as SmsAudiencePreview
  }
  const reaches = (p: SmsAudiencePreview, number: string) =>
    p.sample.some((r) => r.number === number)

  it('reads pasted numbers once each in E.164, and lists those that cannot get messages', async () => {
    const p = await read({
      kind: 'numbers',
      numbers: '01711-000001\n+880 1711 000001, 12345; 01811000002\n\n',
    })
    expect(p).toMatchObject({ recipients: 2, duplicates: 1, optedOut: 0, unreachableCount: 1 })
    expect(p.sample.map((r) => r.number)).toEqual(['+8801711000001', '+8801811000002'])
    expect(p.unreachable).toEqual([{ written: '12345', name: '12345' }])
  })

  it('reaches a class’s guardians, one message a family when asked, never an opted-out number', async () => {
    const family = await counterFamily(t, admin, 'AUD', '01711-555001')
    const { classIds } = await demoSession(t.database.db, family.instituteId)
    const audience = { kind: 'guardians', classId: classIds[0] }
    const perFamily = await read(audience)
    const perChild = await read(audience, false)
    // The three siblings share their guardian's phone: one message, or one each.
    expect(perChild.recipients - perFamily.recipients).toBeGreaterThanOrEqual(2)
    expect(perFamily.duplicates).toBeGreaterThanOrEqual(2)
    const all = await read({ kind: 'guardians' })
    expect(all.recipients).toBeGreaterThanOrEqual(perFamily.recipients)

    // Owing: the two elder children each owe 1,300.00 (tuition and lab) due 15 January 2000,
    // 2,600.00 for the family then; the eldest owes one more, due today.
    const number = '+8801711555001'
    const owing = (moreThanMinor: number, asOf: string) =>
      read({ kind: 'owing', moreThanMinor, asOf }).then((p) => reaches(p, number))
    expect(await owing(200_000, '2000-02-01')).toBe(true)
    expect(await owing(300_000, '2000-02-01')).toBe(false)
    // Before anything fell due, the family owes nothing.
    expect(await owing(0, '2000-01-14')).toBe(false)

    const optOut = await asUser(t, admin, 'POST', '/api/sms/opt-outs', {
      number: '+880 1711 555001',
      reason: 'Asked by the guardian',
    })
    expect(optOut.status).toBe(201)
    const after = await read(audience)
    expect(after.recipients).toBe(perFamily.recipients - 1)
    // The family's one message is left out, once; its other children share the number.
    expect(after.optedOut).toBe(1)
    expect(after.duplicates).toBe(perFamily.duplicates)
  })

  it('names the field of a bad audience, and is the sms-notification permission’s', async () => {
    const empty = await preview({ kind: 'numbers', numbers: ' ' })
    expect(empty.status).toBe(422)
    expect(await empty.json()).toMatchObject({
      fields: { 'audience.numbers': [{ code: 'sms_numbers_required' }] },
    })
    const day = await preview({ kind: 'owing', moreThanMinor: 100, asOf: '2026-02-30' })
    expect(await day.json()).toMatchObject({
      fields: { 'audience.asOf': [{ code: 'not_a_real_date' }] },
    })
    const kind = await preview({ kind: 'everyone' })
    expect(kind.status).toBe(422)
    const negative = await preview({ kind: 'owing', moreThanMinor: -1, asOf: '2026-01-01' })
    expect(negative.status).toBe(422)
    const outsider = await signedInWithRules(t, 'audience-outsider', [
      { action: 'read', subject: 'students' },
    ])
    expect(
      (await preview({ kind: 'numbers', numbers: '01711000001' }, true, outsider)).status,
    ).toBe(403)
  })
})
