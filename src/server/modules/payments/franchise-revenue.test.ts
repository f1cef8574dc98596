import { describe, expect, it } from 'vitest'
import type { FranchiseRevenue } from '../../../shared/schemas/franchise-revenue.ts'
import { signedInAs, signedInWithRules } from '../../test-support/admission.ts'
import { feePaymentSuite, type FeePaymentSuite } from '../../test-support/online-payments.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('franchise revenue', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  let s: FeePaymentSuite
  const fee = 40_000
  feePaymentSuite(fee, (suite) => ({ t, admin, instituteId } = s = suite))
  /** An applicant's fee paid in the sandbox, settled. */
  const paid = async () => {
    const intent = await s.started((await s.feeDue()).temporaryId)
    await s.press(intent.redirectUrl, { outcome: 'pay' })
    await s.settled(intent.reference)
    expect((await s.intentOf(intent.reference)).status).toBe('succeeded')
    return intent
  }

  it('reports the platform’s share per institute and service, to its permission only', async () => {
    const report = async (token: string, query = '') =>
      (await (
        await asUser(t, token, 'GET', `/api/payments/franchise-revenue${query}`)
      ).json()) as FranchiseRevenue
    const reader = await signedInWithRules(t, 'franchise-reader', [
      { action: 'read', subject: 'franchise-revenue' },
    ])
    const before = await report(reader)
    await paid()

    const after = await report(reader)
    expect(after.allInstitutes).toBe(false)
    expect(new Set(after.rows.map((r) => r.instituteId))).toEqual(new Set([instituteId]))
    const row = (r: FranchiseRevenue) => r.rows.find((x) => x.service === 'admission_fee')
    // The demo's 1 % of the fee, the surcharge left out of what was collected.
    expect(row(after)!.payments).toBe((row(before)?.payments ?? 0) + 1)
    expect(row(after)!.franchiseMinor - (row(before)?.franchiseMinor ?? 0)).toBe(fee / 100)
    expect(row(after)!.collectedMinor - (row(before)?.collectedMinor ?? 0)).toBe(fee)
    expect(after.totals).toEqual([
      expect.objectContaining({ currency: 'BDT', franchiseMinor: row(after)!.franchiseMinor }),
    ])
    // Another period: nothing.
    expect((await report(reader, '?from=2001-01-01&to=2001-01-31')).rows).toEqual([])

    const file = await asUser(
      t,
      reader,
      'GET',
      '/api/payments/franchise-revenue/export.csv?lang=en',
    )
    expect(file.status).toBe(200)
    const csv = await file.text()
    expect(csv).toContain('Platform’s share')
    expect(csv).toContain('Admission fee')

    const backwards = await asUser(
      t,
      admin,
      'GET',
      '/api/payments/franchise-revenue?from=2026-02-01&to=2026-01-01',
    )
    expect(await backwards.json()).toMatchObject({ fields: { to: [{ code: 'end_before_start' }] } })
    const unknown = await asUser(t, admin, 'GET', '/api/payments/franchise-revenue?campus=x')
    expect(unknown.status).toBe(422)
    const cashier = await signedInAs(t, 'franchise-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', '/api/payments/franchise-revenue')).status).toBe(403)

    // The platform's administrator sees every institute's.
    const all = await report(admin)
    expect(all.allInstitutes).toBe(true)
    expect(all.rows.map((r) => r.instituteId)).toContain(instituteId)
  })
})
