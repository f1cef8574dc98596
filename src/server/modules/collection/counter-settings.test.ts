import { beforeAll, describe, expect, it } from 'vitest'
import { signedInAs } from '../../test-support/admission.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('the counter settings: mobile-money providers and receipt copies', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let cashier: string
  beforeAll(async () => {
    cashier = await signedInAs(t, 'providers-cashier', ['cashier'])
  })
  const put = (body: object, token = admin) =>
    asUser(t, token, 'PUT', '/api/collection/counter-settings', body)

  it('starts the demo institute with bKash, Nagad and Rocket; the cashier reads, may not change', async () => {
    const read = await asUser(t, cashier, 'GET', '/api/collection/counter-settings')
    expect(read.status).toBe(200)
    expect(await read.json()).toEqual({
      mobileProviders: ['bKash', 'Nagad', 'Rocket'],
      receiptCopies: 'guardian',
    })
    const refused = await put({ mobileProviders: ['Upay'], receiptCopies: 'both' }, cashier)
    expect(refused.status).toBe(403)
  })

  it('refuses a nameless or twice-listed provider and unknown copies, by field', async () => {
    const res = await put({ mobileProviders: ['bKash', ' ', 'bKash'], receiptCopies: 'three' })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { fields: object }).fields).toMatchObject({
      'mobileProviders.1': [{ code: 'mobile_provider_required' }],
      'mobileProviders.2': [{ code: 'listed_twice' }],
      receiptCopies: [{ code: 'receipt_copies_unknown' }],
    })
  })

  it('saves the list, and a payment by a provider off the list is refused', async () => {
    const saved = await put({ mobileProviders: ['bKash', 'Nagad', 'Upay'], receiptCopies: 'both' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({
      mobileProviders: ['bKash', 'Nagad', 'Upay'],
      receiptCopies: 'both',
    })
    const family = await counterFamily(t, admin, 'PRV', '+880 1711-555071')
    const line = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines[0]!
    const pay = (issuer: string) =>
      asUser(
        t,
        cashier,
        'POST',
        '/api/collection/payments',
        {
          studentId: family.studentIds[0],
          allocations: [{ lineId: line.lineId, principalMinor: 1_000, fineMinor: line.fineMinor }],
          tenders: [
            {
              method: 'mobile',
              amountMinor: 1_000 + line.fineMinor,
              issuer,
              reference: `TX-${issuer}`,
            },
          ],
        },
        { 'Idempotency-Key': `providers-${issuer}` },
      )
    const rocket = await pay('Rocket')
    expect(rocket.status).toBe(422)
    expect(((await rocket.json()) as { fields: object }).fields).toMatchObject({
      'tenders.0.issuer': [{ code: 'mobile_provider_unknown' }],
    })
    const upay = await pay('Upay')
    expect(upay.status, await upay.text()).toBe(201)
    await put({ mobileProviders: ['bKash', 'Nagad', 'Rocket'], receiptCopies: 'guardian' })
  })
})
