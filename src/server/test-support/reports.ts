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

/**
 * The reports agree with the books, as their pages say: the due report's Σ principal is the Fee
 * receivable account's balance, the paid report's money the counter's receipt vouchers', and a
 * student ledger's closing balance that student's total in the due report (for every student
 * who paid or holds an advance: their ledgers have every kind of entry); the head-wise ledger
 * closes each head at the due report's total for it (and in all at Fee receivable), having moved
 * from its opening by exactly its figures.
 */
export async function expectReportsAgree(t: TestApp, token: string, instituteId: string) {
  const read = async <T>(path: string) => {
    const res = await asUser(t, token, 'GET', path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const receivable = await receivableBalance(t.database.db, instituteId)
  const due = await read<DueReport>('/api/reports/due?perPage=1')
  expect(due.agreement).toEqual({ reportMinor: receivable, ledgerMinor: receivable, agrees: true })
  expect(due.totals.principalMinor).toBe(receivable)
  const paid = await read<PaidReport>('/api/reports/paid?perPage=1')
  expect(paid.agreement.agrees).toBe(true)
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
  const heads = await read<HeadLedger>('/api/reports/head-ledger')
  expect(heads.totals.closing).toBe(receivable)
  expect(heads.agreement.agrees).toBe(true)
  for (const row of heads.data) {
    expect(
      row.opening +
        row.billed -
        row.concessions +
        row.vat -
        row.cancelledInvoices -
        row.collected +
        row.cancelledReceipts,
    ).toBe(row.closing)
  }
  // The head owing most, against the due report narrowed to it (one read a step: they are slow).
  const most = heads.data.toSorted((a, b) => Math.abs(b.closing) - Math.abs(a.closing))[0]
  if (most) {
    const byHead = await read<DueReport>(`/api/reports/due?perPage=1&feeHeadId=${most.feeHeadId}`)
    expect(most.closing).toBe(byHead.totals.principalMinor)
  }
}
