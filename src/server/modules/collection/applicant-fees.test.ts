import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CounterSearchResult } from '../../../shared/schemas/applicant-fees.ts'
import type { PublicApplication } from '../../../shared/schemas/admission-applications.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { coaMappings } from '../../db/schema/accounting.ts'
import { applicants } from '../../db/schema/admission.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('an applicant’s fee at the counter', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let cashier: string
  let form: { id: string; instituteId: string }
  const fee = 50_000
  let key = 0
  const take = (body: object, token = cashier, idempotencyKey = `applicant-fee-${++key}`) =>
    asUser(t, token, 'POST', '/api/collection/applicant-fees', body, {
      'Idempotency-Key': idempotencyKey,
    })
  const cash = (amountMinor = fee) => [{ method: 'cash', amountMinor, tenderedMinor: amountMinor }]
  const search = async (q: string, token = cashier) =>
    (await (
      await asUser(t, token, 'GET', `/api/collection/search?q=${encodeURIComponent(q)}`)
    ).json()) as CounterSearchResult
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(applicants).where(eq(applicants.id, id)))[0]!.status
  const tracking = async (temporaryId: string) =>
    (await (
      await t.app.request(`/api/admission/public/demo-school/applications/${temporaryId}`)
    ).json()) as PublicApplication
  const feeDue = (o: Parameters<typeof insertApplicant>[2] = {}) =>
    insertApplicant(t, form, { status: 'fee_due', fee, ...o })

  beforeAll(async () => {
    instituteId = await demoInstituteId(t)
    form = await insertForm(t, instituteId, { fee })
    cashier = await signedInAs(t, 'applicant-fee-cashier', ['cashier'])
  })

  it('finds an applicant whose fee is due by the short reference, however typed, and by name or phone', async () => {
    const applicant = await feeDue({
      name: 'Tahmina Akter',
      phone: '+880 1811-424242',
      shortReference: 'DS-26-6DKK',
    })
    await insertApplicant(t, form, { name: 'Tahmina Paid', status: 'fee_paid', fee })
    // "Tah": three letters, too short to be a reference, still a name.
    for (const q of ['DS-26-6DKK', 'ds-26-6dkk', 'DS266DKK', 'Tahmina', 'Tah', '01811424242']) {
      const found = await search(q)
      expect(found.applicants, q).toEqual([
        expect.objectContaining({
          applicantId: applicant.id,
          shortReference: 'DS-26-6DKK',
          applicantName: 'Tahmina Akter',
          feeMinor: fee,
        }),
      ])
      // An applicant is not a student.
      expect(found.data.map((m) => m.fullName)).not.toContain('Tahmina Akter')
    }
  })

  it('takes the fee: a numbered receipt, a balanced voucher to admission fee income, once per key', async () => {
    const applicant = await feeDue({ name: 'Rafiq Islam' })
    const body = { applicantId: applicant.id, tenders: cash() }
    const res = await take(body, cashier, 'applicant-fee-once')
    expect(res.status).toBe(201)
    const receipt = (await res.json()) as Receipt
    expect(receipt.number).toMatch(/^RCT-.+-\d{4}-\d{6}$/)
    expect(receipt.receivedMinor).toBe(fee)
    expect(receipt.applicant).toMatchObject({
      applicantName: 'Rafiq Islam',
      shortReference: applicant.shortReference,
    })
    expect(receipt.students).toEqual([])
    expect(await statusOf(applicant.id)).toBe('fee_paid')

    const lines = (
      (await t.database.db.execute(sql`select a.gl_code, l.debit, l.credit
        from payments p join voucher_lines l on l.institute_id = p.institute_id
          and l.voucher_id = p.voucher_id
        join accounts a on a.institute_id = l.institute_id and a.id = l.account_id
        where p.id = ${receipt.id} order by l.line_no`)) as unknown as {
        rows: { gl_code: string; debit: string; credit: string }[]
      }
    ).rows.map((r) => [r.gl_code, Number(r.debit), Number(r.credit)])
    // Cash in hand against the default chart's admission fee income.
    expect(lines).toEqual([
      ['1010101001', fee, 0],
      ['4010102001', 0, fee],
    ])

    // The cashier's day lists the receipt under the applicant's name.
    const day = await asUser(t, cashier, 'GET', '/api/collection/days')
    const { receipts } = (await day.json()) as { receipts: { id: string; students: string }[] }
    expect(receipts.find((r) => r.id === receipt.id)?.students).toBe('Rafiq Islam')

    const again = await take(body, cashier, 'applicant-fee-once')
    expect(again.status).toBe(200)
    expect(((await again.json()) as Receipt).id).toBe(receipt.id)
    // Another key: the fee is no longer due.
    const twice = await take(body)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({ code: 'application_fee_not_due' })

    // The tracking page says it is paid, with the receipt's number.
    const seen = await tracking(applicant.temporaryId)
    expect(seen.status).toBe('fee_paid')
    expect(seen.feePayment).toMatchObject({ how: 'counter', reference: receipt.number })
    // The receipt verifies like any other.
    const verified = await t.app.request(`/api/collection/public/receipts/${receipt.verifyCode}`)
    expect(verified.status).toBe(200)
  })

  it('cancelling the receipt makes the fee due again, and the counter finds them again', async () => {
    const applicant = await feeDue({ name: 'Shirin Sultana' })
    const receipt = (await (
      await take({ applicantId: applicant.id, tenders: cash() })
    ).json()) as Receipt
    expect((await search(applicant.shortReference)).applicants).toEqual([])
    const cancel = await asUser(t, admin, 'POST', `/api/collection/payments/${receipt.id}/cancel`, {
      reason: 'Paid twice by mistake',
    })
    expect(cancel.status).toBe(200)
    expect(await statusOf(applicant.id)).toBe('fee_due')
    expect((await tracking(applicant.temporaryId)).feePayment).toBeNull()
    expect((await search(applicant.shortReference)).applicants).toHaveLength(1)
    // The voucher is reversed: admission fee income holds nothing of it.
    const [income] = (
      (await t.database.db.execute(sql`select coalesce(sum(l.credit - l.debit), 0) as n
        from voucher_lines l join vouchers v on v.institute_id = l.institute_id
          and v.id = l.voucher_id
        where v.id in (select voucher_id from payments where id = ${receipt.id}
          union select cancel_voucher_id from payments where id = ${receipt.id})`)) as unknown as {
        rows: { n: string }[]
      }
    ).rows
    expect(Number(income!.n)).toBe(0)
  })

  it('refuses bad input by field, a wrong amount, and users without the right', async () => {
    const applicant = await feeDue()
    const bad = await take({
      applicantId: applicant.id,
      tenders: [{ method: 'cash', amountMinor: 0 }],
    })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({
      fields: { 'tenders.0.amountMinor': [expect.objectContaining({ code: 'amount_positive' })] },
    })
    const short = await take({ applicantId: applicant.id, tenders: cash(fee - 100) })
    expect(short.status).toBe(422)
    expect(await short.json()).toMatchObject({
      fields: { tenders: [expect.objectContaining({ code: 'application_fee_amount' })] },
    })
    const noId = await take({ applicantId: 'nope', tenders: cash() })
    expect(noId.status).toBe(422)
    expect(await noId.json()).toMatchObject({ fields: { applicantId: expect.any(Array) } })

    const reader = await signedInWithRules(t, 'applicant-fee-reader', [
      { action: 'read', subject: 'payment-collection' },
    ])
    expect((await take({ applicantId: applicant.id, tenders: cash() }, reader)).status).toBe(403)
    expect(await statusOf(applicant.id)).toBe('fee_due')
  })

  it('never shows or takes another institute’s applicant', async () => {
    const applicant = await feeDue({ name: 'Elsewhere Person', shortReference: 'DS-26-ZZZ9' })
    const other = await addUser(t, {
      username: 'other-cashier',
      password: 'other-cashier-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const token = await signIn(t, 'other-cashier', 'other-cashier-1')
    expect(other.instituteId).not.toBe(instituteId)
    expect((await search('DS-26-ZZZ9', token)).applicants).toEqual([])
    const read = await asUser(t, token, 'GET', `/api/collection/applicant-fees/${applicant.id}`)
    expect(read.status).toBe(404)
    expect((await take({ applicantId: applicant.id, tenders: cash() }, token)).status).toBe(404)
    expect(await statusOf(applicant.id)).toBe('fee_due')
  })

  it('says so when no account is mapped as admission fee income', async () => {
    const applicant = await feeDue()
    const [mapping] = await t.database.db
      .delete(coaMappings)
      .where(
        and(
          eq(coaMappings.instituteId, instituteId),
          eq(coaMappings.purpose, 'admission_fee_income'),
        ),
      )
      .returning()
    try {
      const res = await take({ applicantId: applicant.id, tenders: cash() })
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'admission_fee_income_unmapped' })
      expect(await statusOf(applicant.id)).toBe('fee_due')
    } finally {
      await t.database.db.insert(coaMappings).values(mapping!)
    }
  })
})
