import { beforeAll, describe, expect, it } from 'vitest'
import type { Ledger, TrialBalance } from '../../../shared/schemas/accounting.ts'
import { inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountIds, chartOf } from '../../test-support/accounting.ts'

describe('reports', () => {
  let t: TestApp
  let admin: string
  let leaf: (name: string) => string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    leaf = (await accountIds(t, admin)).leaf
    // The books: three tuition receipts (August and June of this fiscal year, July of the next),
    // a fine taken in cash and an exam fee charged, in this order.
    const post = async (
      type: string,
      date: string,
      debit: string,
      credit: string,
      amount: number,
    ) => {
      const res = await asUser(t, admin, 'POST', '/api/accounting/vouchers', {
        type,
        date,
        narration: 'Test entry',
        lines: [
          { accountId: leaf(debit), debit: amount },
          { accountId: leaf(credit), credit: amount },
        ],
      })
      expect(res.status).toBe(201)
    }
    const tuition = ['Cash in hand', 'Tuition fee income'] as const
    await post('receipt', inFiscalYear(0, '08-10'), ...tuition, 150000)
    await post('receipt', inFiscalYear(0, '06-30'), ...tuition, 150000)
    await post('receipt', inFiscalYear(1, '07-01'), ...tuition, 150000)
    await post('journal', inFiscalYear(0, '08-10'), 'Cash in hand', 'Fine income', 700)
    await post('journal', inFiscalYear(0, '08-10'), 'Fee receivable', 'Exam fee income', 900)
  })

  it('reads a general ledger with opening, running and closing balances', async () => {
    const cash = leaf('Cash in hand')
    const res = await asUser(
      t,
      admin,
      'GET',
      `/api/accounting/ledger?accountId=${cash}&from=${inFiscalYear(0, '08-10')}&to=${inFiscalYear(0, '06-30')}`,
    )
    const ledger = (await res.json()) as Ledger
    expect(ledger.opening).toBe(0)
    expect(ledger.lines.map((l) => l.balance)).toEqual([150000, 150700, 300700])
    expect(ledger.closing).toBe(ledger.lines.at(-1)!.balance)
    const later = (await (
      await asUser(
        t,
        admin,
        'GET',
        `/api/accounting/ledger?accountId=${cash}&from=${inFiscalYear(1, '07-01')}&to=${inFiscalYear(1, '07-31')}`,
      )
    ).json()) as Ledger
    expect(later.opening).toBe(ledger.closing)
    expect(later.closing).toBe(ledger.closing + 150000)
  })

  it('keeps the trial balance at zero difference, and rolls balances up the chart', async () => {
    const tb = (await (
      await asUser(t, admin, 'GET', '/api/accounting/trial-balance?asOf=2099-12-31')
    ).json()) as TrialBalance
    expect(tb.totalDebit).toBe(tb.totalCredit)
    expect(tb.rows.find((r) => r.name === 'Cash in hand')).toMatchObject({
      debit: 450700,
      credit: 0,
    })
    const assets = (await chartOf(t, admin)).find(
      (a) => a.level === 1 && a.accountType === 'asset',
    )!
    // Cash in hand 450,700 and fee receivable 900.
    expect(assets.debit - assets.credit).toBe(451600)
  })
})
