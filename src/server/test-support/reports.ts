import { expect } from 'vitest'
import { sql } from 'drizzle-orm'
import type {
  DueReport,
  HeadLedger,
  PaidReport,
  StudentLedger,
} from '../../shared/schemas/reports.ts'
import { rowsOf } from '../db/rows.ts'
import { receivableBalance } from './fee-invoices.ts'
import { asUser, type TestApp } from './test-app.ts'

const reader =
  (t: TestApp, token: string) =>
  async <T>(path: string) => {
    const res = await asUser(t, token, 'GET', path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }

/**
 * The reports agree with the books, as their pages say: the due report's Σ principal is the Fee
 * receivable account's balance, and the paid report's money the counter's receipt vouchers'.
 * Cheap enough for every step of a property test.
 */
export async function expectReportsAgree(t: TestApp, token: string, instituteId: string) {
  const read = reader(t, token)
  const receivable = await receivableBalance(t.database.db, instituteId)
  const due = await read<DueReport>('/api/reports/due?perPage=1')
  expect(due.agreement).toEqual({ reportMinor: receivable, ledgerMinor: receivable, agrees: true })
  expect(due.totals.principalMinor).toBe(receivable)
  const paid = await read<PaidReport>('/api/reports/paid?perPage=1')
  expect(paid.agreement.agrees).toBe(true)
}

/**
 * The reports agree with each other line by line: the head-wise ledger closes in all at Fee
 * receivable, each head having moved from its opening by exactly its figures, the head owing
 * most to the due report's total for it, and a student ledger's closing balance is that
 * student's total in the due report (for every student who paid or holds an advance: their
 * ledgers have every kind of entry). Slower (the head-wise ledger, a read per student): for
 * the end of a run.
 */
export async function expectReportLinesAgree(t: TestApp, token: string, instituteId: string) {
  const read = reader(t, token)
  const receivable = await receivableBalance(t.database.db, instituteId)
  const heads = await read<HeadLedger>('/api/reports/head-ledger')
  expect(heads.totals.closing).toBe(receivable)
  expect(heads.agreement.agrees).toBe(true)
  for (const head of heads.data) {
    expect(
      head.opening +
        head.billed -
        head.concessions +
        head.vat -
        head.cancelledInvoices -
        head.collected +
        head.cancelledReceipts,
    ).toBe(head.closing)
  }
  // Each head closes at the due report narrowed to it.
  for (const head of heads.data) {
    const byHead = await read<DueReport>(`/api/reports/due?perPage=1&feeHeadId=${head.feeHeadId}`)
    expect(head.closing, head.feeHeadName).toBe(byHead.totals.principalMinor)
  }
  // The ledger's check is the due report's read for that student (studentOwed in due-read.ts).
  const touched = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select student_id as id from payment_allocations where institute_id = ${instituteId}
      union select student_id from advance_movements where institute_id = ${instituteId}`),
  )
  for (const { id } of touched) {
    const ledger = await read<StudentLedger>(`/api/reports/student-ledger?studentId=${id}`)
    expect(ledger.agreement).toEqual({
      reportMinor: ledger.closing.balanceMinor,
      ledgerMinor: ledger.closing.balanceMinor,
      agrees: true,
    })
  }
}
