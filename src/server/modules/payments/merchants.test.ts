import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Merchant } from '../../../shared/schemas/payments.ts'
import { paymentMerchants } from '../../db/schema/payments.ts'
import { memoryKey, memorySecretBox, SecretBox } from '../../lib/secret-box.ts'
import { signedInAs, signedInWithRules } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
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
        { service: 'dues', enabled: true, guardianCode: false },
      ],
    })
    const dues = {
      service: 'dues',
      enabled: true,
      bearer: 'payer',
      surchargeFixedMinor: 0,
      surchargeBasisPoints: 150,
      franchiseFixedMinor: 0,
      franchiseBasisPoints: 100,
    }
    const withCode = await asUser(t, admin, 'PUT', '/api/payments/institute-services', {
      ...dues,
      guardianCode: true,
    })
    expect(withCode.status).toBe(200)
    expect(await withCode.json()).toMatchObject({ service: 'dues', guardianCode: true })
    await asUser(t, admin, 'PUT', '/api/payments/institute-services', dues)
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
        { id: 'sandbox', liveAllowed: false, refunds: true },
        { id: 'sslcommerz', liveAllowed: true, refunds: true, statusQuery: true },
      ],
    })
  })

  it('sets a merchant’s settlement account under its own permission, from the chart’s banks only', async () => {
    const saved = (await (await create(merchant())).json()) as Merchant
    const bookkeeper = await signedInWithRules(t, 'settlement-keeper', [
      { action: 'read', subject: 'merchant-settlement-account' },
      { action: 'update', subject: 'merchant-settlement-account' },
    ])
    const list = await asUser(t, bookkeeper, 'GET', '/api/payments/merchants/settlement-accounts')
    expect(list.status).toBe(200)
    const { data, bankAccounts } = (await list.json()) as {
      data: Merchant[]
      bankAccounts: string[]
    }
    expect(bankAccounts.length).toBeGreaterThan(0)
    expect(data.map((m) => m.id)).toContain(saved.id)
    expect(JSON.stringify(data)).not.toContain('the-store-password-42')
    // The credentials stay out of this keeper's reach.
    expect((await asUser(t, bookkeeper, 'GET', '/api/payments/merchants')).status).toBe(403)

    const path = `/api/payments/merchants/${saved.id}/settlement-account`
    const set = await asUser(t, bookkeeper, 'PUT', path, { settlementBankAccount: bankAccounts[0] })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({
      settlementBankAccount: bankAccounts[0],
      secretSet: true,
    })

    const unknown = await asUser(t, bookkeeper, 'PUT', path, { settlementBankAccount: 'No bank' })
    expect(await unknown.json()).toMatchObject({
      fields: { settlementBankAccount: [{ code: 'unknown_bank_account' }] },
    })
    const empty = await asUser(t, bookkeeper, 'PUT', path, { settlementBankAccount: '' })
    expect(await empty.json()).toMatchObject({
      fields: { settlementBankAccount: [{ code: 'settlement_bank_required' }] },
    })
    const missing = await asUser(
      t,
      bookkeeper,
      'PUT',
      '/api/payments/merchants/00000000-0000-4000-8000-000000000000/settlement-account',
      { settlementBankAccount: bankAccounts[0] },
    )
    expect(missing.status).toBe(404)
    const reader = await signedInWithRules(t, 'settlement-reader', [
      { action: 'read', subject: 'merchant-settlement-account' },
    ])
    expect(
      (await asUser(t, reader, 'PUT', path, { settlementBankAccount: bankAccounts[0] })).status,
    ).toBe(403)
    // Another institute's administrator finds no such merchant.
    await addUser(t, {
      username: 'settlement-stranger',
      password: 'settlement-stranger-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const stranger = await signIn(t, 'settlement-stranger', 'settlement-stranger-1')
    expect(
      (await asUser(t, stranger, 'PUT', path, { settlementBankAccount: bankAccounts[0] })).status,
    ).toBe(404)
  })

  it('shows each gateway with its merchants and what they collect where, to the fintech permission', async () => {
    const saved = (await (await create(merchant({ name: 'Overview merchant' }))).json()) as Merchant
    const options = await asUser(t, admin, 'GET', '/api/payments/campus-merchants')
    const list = (await options.json()) as {
      data: { campusId: string; service: string; merchantId: string }[]
      campuses: { id: string; name: string }[]
      merchants: { id: string }[]
    }
    expect(list.merchants.map((m) => m.id)).toContain(saved.id)
    const campus = list.campuses[0]!
    const put = await asUser(t, admin, 'PUT', '/api/payments/campus-merchants', {
      data: [
        ...list.data.filter((row) => !(row.campusId === campus.id && row.service === 'dues')),
        { campusId: campus.id, service: 'dues', merchantId: saved.id },
      ],
    })
    expect(put.status).toBe(200)
    expect(((await put.json()) as typeof list).data).toContainEqual({
      campusId: campus.id,
      service: 'dues',
      merchantId: saved.id,
    })

    const overview = await asUser(t, admin, 'GET', '/api/payments/overview')
    expect(overview.status).toBe(200)
    const body = (await overview.json()) as {
      providers: { gateway: { id: string }; merchants: { id: string; collects: object[] }[] }[]
      heldCount: number
    }
    const sandbox = body.providers.find((p) => p.gateway.id === 'sandbox')!
    expect(sandbox.merchants.find((m) => m.id === saved.id)?.collects).toEqual([
      { service: 'dues', campusName: campus.name },
    ])
    expect(body.heldCount).toBe(0)
    const cashier = await signedInAs(t, 'overview-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', '/api/payments/overview')).status).toBe(403)
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
