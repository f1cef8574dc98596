import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { familyOf, fineMinor, tuitionMinor } from '../../test-support/collection.ts'
import { paymentSuite, type PaymentSuite } from '../../test-support/collection-suites.ts'
import { signedInWithRules } from '../../test-support/admission.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

// Fines at the counter, the receipts’ prints and language, and who may see them.
describe('payments at the counter', () => {
  let t: TestApp
  let admin: string
  let family: PaymentSuite['family']
  let cashier: string
  let pay: PaymentSuite['pay']
  paymentSuite((s) => ({ t, admin, family, cashier, pay } = s))

  it('pays a line’s fine before its fee, and refuses a fine larger than today’s', async () => {
    const [tuition] = (await familyOf(t, admin, family.studentIds[1]!)).members[0]!.lines
    expect(tuition).toMatchObject({ dueMinor: tuitionMinor, fineMinor })
    const feeFirst = await pay({
      studentId: family.studentIds[1],
      allocations: [{ lineId: tuition!.lineId, principalMinor: 1_000, fineMinor: 0 }],
      tenders: [{ method: 'cash', amountMinor: 1_000 }],
    })
    expect(feeFirst.status).toBe(422)
    expect(await feeFirst.json()).toMatchObject({
      fields: { 'allocations.0.fineMinor': [{ code: 'fine_first' }] },
    })
    const grown = await pay({
      studentId: family.studentIds[1],
      allocations: [{ lineId: tuition!.lineId, principalMinor: 0, fineMinor: fineMinor + 1 }],
      tenders: [{ method: 'cash', amountMinor: fineMinor + 1 }],
    })
    expect(grown.status).toBe(409)
    expect(await grown.json()).toMatchObject({ code: 'fine_changed', values: { fineMinor } })
    const fineOnly = await pay({
      studentId: family.studentIds[1],
      allocations: [{ lineId: tuition!.lineId, principalMinor: 0, fineMinor: 2_000 }],
      tenders: [{ method: 'card', amountMinor: 2_000 }],
    })
    expect(fineOnly.status).toBe(201)
    const [after] = (await familyOf(t, admin, family.studentIds[1]!)).members[0]!.lines
    expect(after).toMatchObject({ dueMinor: tuitionMinor, fineMinor: fineMinor - 2_000 })
  })

  it('logs every print of a receipt: the first is the original, the next duplicates', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`select id from payments where institute_id = ${family.instituteId} order by sequence desc limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows
    const print = async () => {
      const res = await asUser(t, cashier, 'POST', `/api/collection/payments/${row!.id}/prints`)
      expect(res.status).toBe(201)
      return ((await res.json()) as { copy: number }).copy
    }
    expect(await print()).toBe(1)
    expect(await print()).toBe(2)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      (await asUser(t, cashier, 'POST', `/api/collection/payments/${unknown}/prints`)).status,
    ).toBe(404)
  })

  it('prints a receipt in the print settings’ language, else the institute’s', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`select id from payments where institute_id = ${family.instituteId} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows
    const language = async () =>
      (
        (await (
          await asUser(t, cashier, 'GET', `/api/collection/payments/${row!.id}`)
        ).json()) as Receipt
      ).language
    expect(await language()).toBe('en')
    const setLanguage = (value: string | null) =>
      t.database.db.execute(sql`insert into invoice_print_settings
          (institute_id, shown_fields, shown_columns, copies, signature_labels, language)
        values (${family.instituteId}, '[]', '[]', '["student"]', '[]', ${value})
        on conflict (institute_id) do update set language = excluded.language`)
    await setLanguage('de')
    expect(await language()).toBe('de')
    await setLanguage(null)
    expect(await language()).toBe('en')
  })

  it('keeps other institutes and users without the right out', async () => {
    const stranger = await signedInWithRules(t, 'counter-stranger', [
      { action: 'read', subject: 'dashboard' },
    ])
    expect((await asUser(t, stranger, 'GET', '/api/collection/search?q=a')).status).toBe(403)
    expect(
      (await asUser(t, stranger, 'GET', `/api/collection/families/${family.studentIds[0]}`)).status,
    ).toBe(403)
    expect((await pay({}, stranger)).status).toBe(403)

    await addUser(t, {
      username: 'counter-other',
      password: 'counter-other-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'counter-other', 'counter-other-1')
    expect(
      (await asUser(t, other, 'GET', `/api/collection/families/${family.studentIds[0]}`)).status,
    ).toBe(404)
    const receipt = await t.database.db.execute(sql`select id from payments limit 1`)
    const id = (receipt as unknown as { rows: { id: string }[] }).rows[0]!.id
    expect((await asUser(t, other, 'GET', `/api/collection/payments/${id}`)).status).toBe(404)
    expect((await asUser(t, admin, 'GET', `/api/collection/payments/${id}`)).status).toBe(200)
    expect((await asUser(t, admin, 'GET', '/api/collection/payments/not-an-id')).status).toBe(404)
  })
})
