import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Merchant } from '../../../shared/schemas/payments.ts'
import { paymentMerchants } from '../../db/schema/payments.ts'
import { memoryKey, memorySecretBox, SecretBox } from '../../lib/secret-box.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { resealMerchantSecrets } from './merchants.ts'

describe('merchant set-up', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const merchant = (o: object = {}) => ({
    provider: 'sandbox',
    name: 'Main campus sandbox',
    mode: 'test',
    storeId: `store-${randomBytes(3).toString('hex')}`,
    secret: 'the-store-password-42',
    ...o,
  })
  const create = (body: object, token = admin) =>
    asUser(t, token, 'POST', '/api/payments/merchants', body)

  it('keeps the secret sealed and answers only whether it is set', async () => {
    const res = await create(merchant())
    expect(res.status).toBe(201)
    const saved = (await res.json()) as Merchant
    expect(saved).toMatchObject({ secretSet: true, mode: 'test', provider: 'sandbox' })
    expect(JSON.stringify(saved)).not.toContain('the-store-password-42')
    const [row] = await t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.id, saved.id))
    expect(row!.secret).not.toContain('the-store-password-42')
    expect(memorySecretBox.open(row!.secret)).toBe('the-store-password-42')
    const list = await (await asUser(t, admin, 'GET', '/api/payments/merchants')).json()
    expect(JSON.stringify(list)).not.toContain('the-store-password-42')

    // Saved again without a secret: the secret stays.
    const renamed = await asUser(t, admin, 'PUT', `/api/payments/merchants/${saved.id}`, {
      ...merchant({ storeId: saved.storeId, name: 'Renamed' }),
      secret: '',
    })
    expect(renamed.status).toBe(200)
    const [after] = await t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.id, saved.id))
    expect(memorySecretBox.open(after!.secret)).toBe('the-store-password-42')
  })

  it('refuses a live sandbox, a missing secret, an unknown gateway or store taken, naming the field', async () => {
    const live = await create(merchant({ mode: 'live' }))
    expect(live.status).toBe(422)
    expect(await live.json()).toMatchObject({
      fields: { mode: [{ code: 'merchant_live_not_allowed' }] },
    })
    const secretless = await create(merchant({ secret: '' }))
    expect(await secretless.json()).toMatchObject({
      fields: { secret: [{ code: 'merchant_secret_required' }] },
    })
    expect((await create(merchant({ provider: 'paypal' }))).status).toBe(422)
    // A real gateway's merchant may be live.
    expect((await create(merchant({ provider: 'sslcommerz', mode: 'live' }))).status).toBe(201)
    const taken = merchant()
    expect((await create(taken)).status).toBe(201)
    const twice = await create(taken)
    expect(await twice.json()).toMatchObject({ fields: { storeId: [{ code: 'store_id_taken' }] } })
    const bank = await create(merchant({ settlementBankAccount: 'No such bank' }))
    expect(await bank.json()).toMatchObject({
      fields: { settlementBankAccount: [{ code: 'unknown_bank_account' }] },
    })
  })

  it('lets only those with the permission see or change merchants and services', async () => {
    const cashier = await signedInAs(t, 'merchant-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', '/api/payments/merchants')).status).toBe(403)
    expect((await create(merchant(), cashier)).status).toBe(403)
    expect((await asUser(t, cashier, 'GET', '/api/payments/institute-services')).status).toBe(403)
    expect((await asUser(t, cashier, 'GET', '/api/payments/campus-merchants')).status).toBe(403)
    expect((await t.app.request('/api/payments/merchants')).status).toBe(401)
  })

  it('sets the services offered and the campus merchants, refusing foreign rows', async () => {
    const services = await asUser(t, admin, 'GET', '/api/payments/institute-services')
    expect(await services.json()).toMatchObject({
      data: [
        { service: 'admission_fee', enabled: true, bearer: 'payer' },
        { service: 'dues', enabled: false },
      ],
    })
    const over = await asUser(t, admin, 'PUT', '/api/payments/institute-services', {
      service: 'dues',
      enabled: true,
      bearer: 'payer',
      surchargeFixedMinor: 0,
      surchargeBasisPoints: 10_001,
      franchiseFixedMinor: 0,
      franchiseBasisPoints: 0,
    })
    expect(await over.json()).toMatchObject({
      fields: { surchargeBasisPoints: [{ code: 'percent_over_100' }] },
    })
    const foreign = await asUser(t, admin, 'PUT', '/api/payments/campus-merchants', {
      data: [
        {
          campusId: '00000000-0000-4000-8000-000000000000',
          service: 'dues',
          merchantId: '00000000-0000-4000-8000-000000000000',
        },
      ],
    })
    expect(foreign.status).toBe(422)
    const gateways = await (await asUser(t, admin, 'GET', '/api/payments/gateways')).json()
    expect(gateways).toMatchObject({
      data: [
        { id: 'sandbox', liveAllowed: false, refunds: false },
        { id: 'sslcommerz', liveAllowed: true, refunds: true, statusQuery: true },
      ],
    })
  })

  it('re-seals secrets under a new key, the old one still opening them until then', async () => {
    const before = await t.database.db.select().from(paymentMerchants)
    // The rows so far are sealed under the memory key: it stays as the previous one.
    const rotated = new SecretBox(randomBytes(32), [memoryKey])
    expect(await resealMerchantSecrets(t.database.db, rotated)).toBe(before.length)
    const after = await t.database.db.select().from(paymentMerchants)
    for (const row of after) {
      expect(rotated.isStale(row.secret)).toBe(false)
      const was = before.find((b) => b.id === row.id)!
      expect(rotated.open(row.secret)).toBe(memorySecretBox.open(was.secret))
    }
    expect(await resealMerchantSecrets(t.database.db, rotated)).toBe(0)
  })
})
