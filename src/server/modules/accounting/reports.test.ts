import { beforeAll, describe, expect, it } from 'vitest'
import type { Ledger, TrialBalance } from '../../../shared/schemas/accounting.ts'
import { inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountIds, chartOf } from '../../test-support/accounting.ts'
import { signedInAs } from '../../test-support/admission.ts'
import ExcelJS from 'exceljs'

const sheetOf = async (res: Response) => {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await res.arrayBuffer())
  return book.worksheets[0]!
}

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

  it('exports the ledger and the trial balance with their balances as numbers', async () => {
    const cash = leaf('Cash in hand')
    const period = `from=${inFiscalYear(0, '08-10')}&to=${inFiscalYear(0, '06-30')}`
    const ledgerRes = await asUser(
      t,
      admin,
      'GET',
      `/api/accounting/ledger/export.xlsx?accountId=${cash}&${period}`,
    )
    expect(ledgerRes.status).toBe(200)
    const ledger = await sheetOf(ledgerRes)
    expect(ledger.name).toBe('General ledger')
    const rows = ledger.getSheetValues().slice(2) as unknown[][]
    expect(rows.map((row) => [row[3], row[7]])).toEqual([
      ['Opening balance', 0],
      ['Test entry', 1500],
      ['Test entry', 1507],
      ['Test entry', 3007],
      ['Total', undefined],
      ['Closing balance', 3007],
    ])
    expect(rows.at(-2)!.slice(5, 7)).toEqual([3007, 0])

    const tbRes = await asUser(
      t,
      admin,
      'GET',
      '/api/accounting/trial-balance/export.csv?asOf=2099-12-31&lang=fr',
    )
    const tb = (await tbRes.text()).trimEnd().split('\r\n')
    expect(tb[0]).toBe('Code GL;Compte;Type;Débit;Crédit')
    expect(tb.find((row) => row.includes(';Cash in hand;'))).toMatch(/;Actifs;4507,00;$/)
    expect(tb.at(-1)).toMatch(/^;Total;;(\d+,\d\d);\1$/)
  })

  it('refuses a ledger file without its account or with reversed dates, naming the field', async () => {
    const noAccount = await asUser(
      t,
      admin,
      'GET',
      '/api/accounting/ledger/export.csv?from=2026-01-01&to=2026-01-31',
    )
    expect(noAccount.status).toBe(422)
    expect(await noAccount.json()).toMatchObject({ fields: { accountId: expect.any(Array) } })
    const reversed = await asUser(
      t,
      admin,
      'GET',
      `/api/accounting/ledger/export.csv?accountId=${leaf('Cash in hand')}&from=2026-02-01&to=2026-01-01`,
    )
    expect(await reversed.json()).toMatchObject({ fields: { to: [{ code: 'end_before_start' }] } })
    const cashier = await signedInAs(t, 'tb-file-cashier', ['cashier'])
    expect(
      (await asUser(t, cashier, 'GET', '/api/accounting/trial-balance/export.csv?asOf=2026-01-01'))
        .status,
    ).toBe(403)
  })
})
