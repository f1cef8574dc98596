import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import { auditLog } from '../../db/schema/access.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  signedInAs,
} from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('an application fee paid by bank deposit', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let form: { id: string; instituteId: string }
  let accountant: string
  const fee = 75_000
  const slip = {
    paidOn: '2026-01-05',
    amountMinor: fee,
    bankAccount: 'Main bank account',
    reference: 'DBBL-778812',
  }
  let key = 0
  const record = (
    id: string,
    body: object,
    token = accountant,
    idempotencyKey = `deposit-${++key}`,
  ) =>
    asUser(t, token, 'POST', `/api/admission/applicants/${id}/fee-deposit`, body, {
      'Idempotency-Key': idempotencyKey,
    })

  beforeAll(async () => {
    form = await insertForm(t, await demoInstituteId(t), { fee })
    accountant = await signedInAs(t, 'deposit-accountant', ['accountant'])
  })

  it('records the slip: the voucher to the bank and admission fee income, fee paid, audited, once', async () => {
    const applicant = await insertApplicant(t, form, { status: 'fee_due', fee })
    const res = await record(applicant.id, slip, accountant, 'deposit-once')
    expect(res.status).toBe(201)
    const seen = (await res.json()) as Applicant
    expect(seen.status).toBe('fee_paid')
    expect(seen.feePayment).toEqual({ how: 'bank', reference: 'DBBL-778812', paidOn: '2026-01-05' })

    const lines = (
      (await t.database.db.execute(sql`select a.gl_code, l.debit, l.credit
        from applicant_fee_deposits d join voucher_lines l on l.institute_id = d.institute_id
          and l.voucher_id = d.voucher_id
        join accounts a on a.institute_id = l.institute_id and a.id = l.account_id
        where d.applicant_id = ${applicant.id} order by l.line_no`)) as unknown as {
        rows: { gl_code: string; debit: string; credit: string }[]
      }
    ).rows.map((r) => [r.gl_code, Number(r.debit), Number(r.credit)])
    expect(lines).toEqual([
      ['1010102001', fee, 0],
      ['4010102001', 0, fee],
    ])
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'applicant'), eq(auditLog.entityId, applicant.id)))
    expect(audits.map((a) => a.action)).toEqual(['record_fee'])

    // The same request again answers the same; another is refused: it is paid.
    const replay = await record(applicant.id, slip, accountant, 'deposit-once')
    expect(replay.status).toBe(200)
    const again = await record(applicant.id, { ...slip, reference: 'DBBL-000001' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'application_fee_not_due' })
    // The staff page's read says so too.
    const read = (await (
      await asUser(t, admin, 'GET', `/api/admission/applicants/${applicant.id}`)
    ).json()) as Applicant
    expect(read.feePayment).toMatchObject({ how: 'bank', reference: 'DBBL-778812' })
  })

  it('needs its own permission: managing admission is not enough', async () => {
    const applicant = await insertApplicant(t, form, { status: 'fee_due', fee })
    const officer = await signedInAs(t, 'deposit-officer', ['admission officer'])
    expect((await record(applicant.id, slip, officer)).status).toBe(403)
    const banks = `/api/admission/applicants/${applicant.id}/fee-deposit`
    expect((await asUser(t, officer, 'GET', banks)).status).toBe(403)
    expect(await (await asUser(t, accountant, 'GET', banks)).json()).toEqual({
      data: ['Main bank account'],
    })
    const read = (await (
      await asUser(t, officer, 'GET', `/api/admission/applicants/${applicant.id}`)
    ).json()) as Applicant
    expect(read.status).toBe('fee_due')
  })

  it('refuses a slip wrongly filled in, by field', async () => {
    const applicant = await insertApplicant(t, form, { status: 'fee_due', fee })
    const cases: [object, string, string][] = [
      [{ ...slip, paidOn: '' }, 'paidOn', 'deposit_date_required'],
      [{ ...slip, paidOn: '2999-01-01' }, 'paidOn', 'deposit_date_future'],
      [{ ...slip, reference: ' ' }, 'reference', 'tender_reference_required'],
      [{ ...slip, bankAccount: 'Nowhere bank' }, 'bankAccount', 'unknown_bank_account'],
      [{ ...slip, amountMinor: fee - 1 }, 'amountMinor', 'application_fee_amount'],
    ]
    for (const [body, field, code] of cases) {
      const res = await record(applicant.id, body)
      expect(res.status, field).toBe(422)
      expect(await res.json()).toMatchObject({
        fields: { [field]: [expect.objectContaining({ code })] },
      })
    }
    expect((await record('not-an-id', slip)).status).toBe(404)
  })
})
