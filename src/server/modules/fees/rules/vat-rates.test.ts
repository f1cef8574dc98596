import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { VatHeadList } from '../../../../shared/schemas/fee-rules.ts'
import type { VatRateRow } from '../../../../shared/schemas/fee-heads.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { coaSettings } from '../../../db/schema/accounting.ts'
import { fiscalYearStart } from '../../../../shared/fiscal-year.ts'
import { defaultFiscalYearStartMonth } from '../../accounting/default-chart.ts'
import { fiscalYear } from '../../../test-support/fiscal-dates.ts'
import { demoInstituteId, signedInAs } from '../../../test-support/admission.ts'
import { insertFeeHead } from '../../../test-support/fee-rules-support.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addInstitute, asUser, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/vat-rates'

describe('VAT rates', () => {
  let t: TestApp
  let admin: string
  let headId: string
  let foreignHeadId: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    headId = (await insertFeeHead(t, await demoInstituteId(t), 'TUI', 'Tuition')).id
    const other = await addInstitute(t, 'vat-other')
    foreignHeadId = (await insertFeeHead(t, other.id, 'TUI', 'Tuition')).id
  })
  const list = async (token = admin) =>
    ((await (await asUser(t, token, 'GET', path)).json()) as VatHeadList).data
  const add = (body: object, head = headId, token = admin) =>
    asUser(t, token, 'POST', `${path}/${head}`, body)

  it('keeps a history of rates per head, newest first, with audit rows', async () => {
    const first = await add({ rateBp: 1500, inclusive: false, effectiveFrom: '2026-07-01' })
    expect(first.status).toBe(201)
    const second = await add({ rateBp: 750, inclusive: true, effectiveFrom: '2027-01-01' })
    expect(second.status).toBe(201)
    const rate = (await second.json()) as VatRateRow
    const head = (await list()).find((h) => h.id === headId)!
    expect(head.rates.map((r) => [r.rateBp, r.inclusive, r.effectiveFrom])).toEqual([
      [750, true, '2027-01-01'],
      [1500, false, '2026-07-01'],
    ])
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vat_rate'), eq(auditLog.entityId, rate.id)))
    expect(row).toMatchObject({ area: 'fees', action: 'create' })
    // The other institute's head is not listed.
    expect((await list()).some((h) => h.id === foreignHeadId)).toBe(false)
  })

  it('refuses a second rate from the same day, naming the date', async () => {
    const res = await add({ rateBp: 500, inclusive: false, effectiveFrom: '2026-07-01' })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      fields: { effectiveFrom: [{ code: 'vat_date_taken' }] },
    })
  })

  it('refuses bad input by field', async () => {
    const cases: [object, string, string][] = [
      [
        { rateBp: 10001, inclusive: false, effectiveFrom: '2028-01-01' },
        'rateBp',
        'percent_over_100',
      ],
      [{ rateBp: -1, inclusive: false, effectiveFrom: '2028-01-01' }, 'rateBp', 'rate_negative'],
      [{ rateBp: 12.5, inclusive: false, effectiveFrom: '2028-01-01' }, 'rateBp', 'rate_fraction'],
      [{ rateBp: 100, inclusive: false, effectiveFrom: '2028-02-30' }, 'effectiveFrom', ''],
    ]
    for (const [body, field, code] of cases) {
      const res = await add(body)
      expect(res.status).toBe(422)
      const json = (await res.json()) as { fields: Record<string, { code: string }[]> }
      expect(json.fields[field]).toBeDefined()
      if (code) expect(json.fields[field]![0]!.code).toBe(code)
    }
  })

  it('does not let anyone touch another institute’s head, nor remove another’s rate', async () => {
    const res = await add(
      { rateBp: 100, inclusive: false, effectiveFrom: '2026-07-01' },
      foreignHeadId,
    )
    expect(res.status).toBe(404)
    const head = (await list()).find((h) => h.id === headId)!
    const rateId = head.rates[0]!.id
    expect((await asUser(t, admin, 'DELETE', `${path}/${foreignHeadId}/${rateId}`)).status).toBe(
      404,
    )
    expect((await asUser(t, admin, 'DELETE', `${path}/${headId}/not-an-id`)).status).toBe(404)
    expect((await asUser(t, admin, 'DELETE', `${path}/${headId}/${rateId}`)).status).toBe(204)
    expect((await list()).find((h) => h.id === headId)!.rates).toHaveLength(1)
  })

  it('needs the vat-config permission', async () => {
    const cashier = await signedInAs(t, 'vat-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(403)
    const res = await add(
      { rateBp: 100, inclusive: false, effectiveFrom: '2029-01-01' },
      headId,
      cashier,
    )
    expect(res.status).toBe(403)
    const accountant = await signedInAs(t, 'vat-accountant', ['accountant'])
    expect((await asUser(t, accountant, 'GET', path)).status).toBe(200)
  })

  it('starts a new rate with the fiscal year (or the first open day), not today', async () => {
    const read = async () =>
      ((await (await asUser(t, admin, 'GET', path)).json()) as VatHeadList).defaultFrom
    const yearStart = fiscalYearStart(fiscalYear(), defaultFiscalYearStartMonth)
    expect(await read()).toBe(yearStart)
    // Books closed through the fiscal year's second week: the first open day instead.
    const instituteId = await demoInstituteId(t)
    const lockDate = `${yearStart.slice(0, 8)}14`
    await t.database.db
      .update(coaSettings)
      .set({ lockDate })
      .where(eq(coaSettings.instituteId, instituteId))
    try {
      expect(await read()).toBe(`${yearStart.slice(0, 8)}15`)
    } finally {
      await t.database.db
        .update(coaSettings)
        .set({ lockDate: null })
        .where(eq(coaSettings.instituteId, instituteId))
    }
  })
})
