import { expect } from 'vitest'
import type { DueReport, PaidReport } from '../../shared/schemas/reports.ts'
import { receivableBalance } from './fee-invoices.ts'
import { asUser, type TestApp } from './test-app.ts'

/**
 * The reports agree with the books, as their pages say: the due report's Σ principal is the Fee
 * receivable account's balance, the paid report's money the counter's receipt vouchers'.
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
}
