import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Merchant, Settlement, SettlementList } from '../../../shared/schemas/payments.ts'
import { voucherLines } from '../../db/schema/accounting.ts'
import { signedInAs, signedInWithRules } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('gateway payouts to the bank', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let merchant: Merchant
  let bank: string
  const record = (merchantId: string, body: object, token = admin) =>
    asUser(t, token, 'POST', `/api/payments/settlements/${merchantId}`, body)
  const list = async () =>
    (await (await asUser(t, admin, 'GET', '/api/payments/settlements')).json()) as SettlementList
  const payout = (o: object = {}) => ({
    settledOn: '2026-12-01',
    grossMinor: 10_000,
    chargeMinor: 200,
    reference: `STMT-${Math.random().toString(36).slice(2, 8)}`,
    ...o,
  })

  beforeAll(async () => {
    const merchants = (await (await asUser(t, admin, 'GET', '/api/payments/merchants')).json()) as {
      data: Merchant[]
      bankAccounts: string[]
    }
    merchant = merchants.data[0]!
    bank = merchants.bankAccounts[0]!
  })

  it('asks for the merchant’s bank first, then moves the payout from clearing to it, the charge to its expense', async () => {
    const before = await record(merchant.id, payout())
    expect(before.status).toBe(409)
    expect(await before.json()).toMatchObject({ code: 'settlement_account_missing' })
    await asUser(t, admin, 'PUT', `/api/payments/merchants/${merchant.id}/settlement-account`, {
      settlementBankAccount: bank,
    })

    const res = await record(merchant.id, payout({ reference: 'STMT-0001' }))
    expect(res.status).toBe(201)
    const saved = (await res.json()) as Settlement
    expect(saved).toMatchObject({ grossMinor: 10_000, chargeMinor: 200, reference: 'STMT-0001' })
    const lines = await t.database.db
      .select({ debit: voucherLines.debit, credit: voucherLines.credit })
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, saved.voucherId))
    expect(lines.map((l) => l.debit).sort((a, b) => a - b)).toEqual([0, 200, 9_800])
    expect(lines.reduce((s, l) => s + l.credit, 0)).toBe(10_000)
    const shown = (await list()).merchants.find((m) => m.merchantId === merchant.id)!
    expect(shown.settledMinor).toBe(10_000)
    expect((await list()).settlements.map((s) => s.reference)).toContain('STMT-0001')

    // The same statement line again: refused, nothing posted twice.
    const twice = await record(merchant.id, payout({ reference: 'STMT-0001' }))
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({ code: 'settlement_recorded' })
    const posted = await t.database.db
      .select()
      .from(voucherLines)
      .where(and(eq(voucherLines.memo, 'STMT-0001'), eq(voucherLines.credit, 10_000)))
    expect(posted).toHaveLength(1)
  })

  it('names the field of a bad payout, and refuses unknown merchants and those without the right', async () => {
    const over = await record(merchant.id, payout({ chargeMinor: 20_000 }))
    expect(await over.json()).toMatchObject({
      fields: { chargeMinor: [{ code: 'charge_over_gross' }] },
    })
    const zero = await record(merchant.id, payout({ grossMinor: 0, chargeMinor: 0 }))
    expect(await zero.json()).toMatchObject({
      fields: { grossMinor: [{ code: 'amount_positive' }] },
    })
    const blank = await record(merchant.id, payout({ reference: '' }))
    expect(await blank.json()).toMatchObject({
      fields: { reference: [{ code: 'settlement_reference_required' }] },
    })
    const day = await record(merchant.id, payout({ settledOn: '2026-02-30' }))
    expect(day.status).toBe(422)
    expect((await record('00000000-0000-4000-8000-000000000000', payout())).status).toBe(404)
    const cashier = await signedInAs(t, 'payout-cashier', ['cashier'])
    expect((await record(merchant.id, payout(), cashier)).status).toBe(403)
    const reader = await signedInWithRules(t, 'payout-reader', [
      { action: 'read', subject: 'merchant-settlement-account' },
    ])
    expect((await asUser(t, reader, 'GET', '/api/payments/settlements')).status).toBe(200)
    expect((await record(merchant.id, payout(), reader)).status).toBe(403)
  })
})
