import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import {
  counterFamily,
  duesOfAllStudents,
  familyOf,
  fineMinor,
  labMinor,
  studentDues,
  tuitionMinor,
} from '../../test-support/collection.ts'
import { receivableBalance } from '../../test-support/fee-invoices.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * A fine paid at the counter is income, never owed: the invoice, the student page and the
 * counter show nothing left once principal and fine are paid, and Σ the students' dues stays
 * the Fee receivable account's balance when fines are paid, partly paid, waived and cancelled.
 */
describe('fines paid at the counter', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let family: Awaited<ReturnType<typeof counterFamily>>
  let key = 0
  const pay = async (body: object) => {
    const res = await asUser(t, admin, 'POST', '/api/collection/payments', body, {
      'Idempotency-Key': `fines-paid-${++key}`,
    })
    expect(res.status).toBe(201)
    return (await res.json()) as Receipt
  }
  const invoice = async (id: string) =>
    (await (await asUser(t, admin, 'GET', `/api/fees/invoices/${id}`)).json()) as Invoice
  /** The overdue invoice's lines at the counter: tuition (fined) then lab. */
  const overdueLines = async (studentId: string) =>
    (await familyOf(t, admin, studentId)).members
      .find((m) => m.studentId === studentId)!
      .lines.filter((l) => l.periodName === 'Period 1')
  const fineIncome = async () =>
    Number(
      (
        (await t.database.db.execute(sql`select coalesce(sum(l.credit - l.debit), 0) as n
          from voucher_lines l join coa_mappings m on m.account_id = l.account_id
            and m.purpose = 'fine_income' and m.institute_id = l.institute_id
          where l.institute_id = ${family.instituteId}`)) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n,
    )
  /** Ledger = dues, through what the API shows: Σ student pages' dues = Fee receivable. */
  const expectLedgerEqualsDues = async () =>
    expect(await duesOfAllStudents(t, admin, family.instituteId)).toBe(
      await receivableBalance(t.database.db, family.instituteId),
    )

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'FPD', '+880 1711-555034')
  })

  it('owes nothing once principal and fine are paid: invoice, student page, counter, ledger', async () => {
    const [student] = family.studentIds
    const [tuition, lab] = await overdueLines(student!)
    expect([tuition!.fineMinor, lab!.fineMinor]).toEqual([fineMinor, 0])
    await pay({
      studentId: student,
      allocations: [
        { lineId: tuition!.lineId, principalMinor: tuitionMinor, fineMinor },
        { lineId: lab!.lineId, principalMinor: labMinor, fineMinor: 0 },
      ],
      tenders: [{ method: 'cash', amountMinor: tuitionMinor + labMinor + fineMinor }],
    })

    const paid = (await studentDues(t, admin, student!)).data.find(
      (i) => i.id === family.invoices[0]!.id,
    )!
    expect(paid).toMatchObject({
      status: 'paid',
      netMinor: tuitionMinor + labMinor,
      paidMinor: tuitionMinor + labMinor,
      fineMinor,
      balanceMinor: 0,
    })
    // The student still owes the current period's tuition, and nothing of the paid fine.
    expect((await studentDues(t, admin, student!)).totalDueMinor).toBe(tuitionMinor)
    const read = await invoice(family.invoices[0]!.id)
    expect(read.lines.map((l) => [l.fineMinor, l.balanceMinor])).toEqual([
      [fineMinor, 0],
      [0, 0],
    ])
    expect(await overdueLines(student!)).toEqual([])
    expect(await fineIncome()).toBe(fineMinor)
    await expectLedgerEqualsDues()
  })

  it('keeps ledger = dues when a fine is partly paid, the rest waived, then the principal paid', async () => {
    const student = family.studentIds[1]!
    const [tuition] = await overdueLines(student)
    // Only part of the fine: the principal is untouched and the rest of the fine still asked.
    await pay({
      studentId: student,
      allocations: [{ lineId: tuition!.lineId, principalMinor: 0, fineMinor: 2_000 }],
      tenders: [{ method: 'cash', amountMinor: 2_000 }],
    })
    expect((await studentDues(t, admin, student)).totalDueMinor).toBe(tuitionMinor + labMinor)
    expect((await overdueLines(student)).map((l) => [l.dueMinor, l.fineMinor])).toEqual([
      [tuitionMinor, fineMinor - 2_000],
      [labMinor, 0],
    ])
    await expectLedgerEqualsDues()

    const waived = await asUser(
      t,
      admin,
      'POST',
      `/api/fees/invoices/${tuition!.invoiceId}/lines/${tuition!.lineId}/fine-waivers`,
      { reason: 'Paid the rest late' },
    )
    expect(waived.status).toBe(201)
    const [after, lab] = await overdueLines(student)
    expect(after!.fineMinor).toBe(0)
    expect((await studentDues(t, admin, student)).totalDueMinor).toBe(tuitionMinor + labMinor)
    await expectLedgerEqualsDues()

    await pay({
      studentId: student,
      allocations: [
        { lineId: after!.lineId, principalMinor: tuitionMinor, fineMinor: 0 },
        { lineId: lab!.lineId, principalMinor: labMinor, fineMinor: 0 },
      ],
      tenders: [{ method: 'cash', amountMinor: tuitionMinor + labMinor }],
    })
    const dues = await studentDues(t, admin, student)
    expect(dues.totalDueMinor).toBe(0)
    expect(dues.data[0]).toMatchObject({ status: 'paid', fineMinor: 2_000, balanceMinor: 0 })
    expect(await fineIncome()).toBe(fineMinor + 2_000)
    await expectLedgerEqualsDues()
  })

  it('owes the principal again, fine and all, when the receipt is cancelled', async () => {
    const [student] = family.studentIds
    const { rows } = (await t.database.db.execute(
      sql`select id from payments where institute_id = ${family.instituteId}
        and student_id = ${student} order by sequence limit 1`,
    )) as unknown as { rows: { id: string }[] }
    const res = await asUser(t, admin, 'POST', `/api/collection/payments/${rows[0]!.id}/cancel`, {
      reason: 'Cheque bounced',
    })
    expect(res.status).toBe(200)
    const reopened = (await studentDues(t, admin, student!)).data.find(
      (i) => i.id === family.invoices[0]!.id,
    )!
    expect(reopened).toMatchObject({
      status: 'unpaid',
      paidMinor: 0,
      fineMinor: 0,
      balanceMinor: tuitionMinor + labMinor,
    })
    expect((await overdueLines(student!)).map((l) => l.fineMinor)).toEqual([fineMinor, 0])
    expect(await fineIncome()).toBe(2_000)
    await expectLedgerEqualsDues()
  })
})
