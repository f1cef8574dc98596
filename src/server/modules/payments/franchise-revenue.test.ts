import { beforeAll, describe, expect, it } from 'vitest'
import type { FranchiseRevenue } from '../../../shared/schemas/franchise-revenue.ts'
import type { StartedPayment } from '../../../shared/schemas/payments.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'
import {
  intentRow,
  intentSettled,
  pressInSandbox,
  startFeePayment,
} from '../../test-support/online-payments.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('franchise revenue', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let form: { id: string; instituteId: string }
  const fee = 40_000

  const feeDue = () => insertApplicant(t, form, { status: 'fee_due', fee })
  const started = async (temporaryId: string) =>
    (await (await startFeePayment(t, temporaryId, temporaryId)).json()) as StartedPayment
  const press = (redirectUrl: string, fields: Record<string, string>) =>
    pressInSandbox(t, redirectUrl, fields)
  const settled = async (reference: string) => {
    await intentSettled(t, reference)
    expect((await intentRow(t, reference)).status).toBe('succeeded')
  }

  beforeAll(async () => {
    instituteId = await demoInstituteId(t)
    form = await insertForm(t, instituteId, { fee })
  })

  it('reports the platform’s share per institute and service, to its permission only', async () => {
    const report = async (token: string, query = '') =>
      (await (
        await asUser(t, token, 'GET', `/api/payments/franchise-revenue${query}`)
      ).json()) as FranchiseRevenue
    const reader = await signedInWithRules(t, 'franchise-reader', [
      { action: 'read', subject: 'franchise-revenue' },
    ])
    const before = await report(reader)
    const applicant = await feeDue()
    const intent = await started(applicant.temporaryId)
    await press(intent.redirectUrl, { outcome: 'pay' })
    await settled(intent.reference)

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
