import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Concession } from '../../../shared/schemas/fee-rules.ts'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import type { DueReport, StudentLedger } from '../../../shared/schemas/reports.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { students } from '../../db/schema/students.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { familyOf, tuitionAndLab } from '../../test-support/collection.ts'
import { activeStudentsIn, demoInstituteId, demoSession } from '../../test-support/fee-invoices.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/** The day `n` days before today in the demo institute's calendar. */
const daysAgo = (n: number) =>
  new Date(Date.parse(`${demoToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)

/*
 * One student's ledger on a small data set worked out by hand. Lina is invoiced 40 days ago for
 * tuition (1,000.00, fined 50.00 once late) and lab (300.00), due 35 days ago; 10 days ago for
 * the next period's tuition. Today: a 10 % concession on that tuition (100.00), a lab invoice
 * cancelled, 20.00 of the fine waived; receipt 1 pays the tuition with its fine (30.00 left)
 * and 100.00 of the lab, and puts 200.00 into her advance; receipt 2 pays 150.00 of the lab from
 * the advance alone; receipt 3 pays 50.00 of the lab and is cancelled.
 */
describe('student ledger', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let lina: string
  let linaCode: string
  let key = 0
  const receipts: string[] = []

  const ledger = async (query: string, token = admin) => {
    const res = await asUser(
      t,
      token,
      'GET',
      `/api/reports/student-ledger?studentId=${lina}${query}`,
    )
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as StudentLedger
  }
  const post = async (path: string, body: object, status = 201, token = admin) => {
    const res = await asUser(t, token, 'POST', path, body, {
      'Idempotency-Key': `student-ledger-${++key}`,
    })
    expect(res.status, await res.clone().text()).toBe(status)
    return (await res.json()) as { id: string }
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const classId = classIds[0]!
    lina = (await activeStudentsIn(db, sessionId, classId, 1))[0]!.id
    const [updated] = await db
      .update(students)
      .set({ fullName: 'Lina Ledger', guardianPhone: '+8801711000909' })
      .where(eq(students.id, lina))
      .returning({ studentCode: students.studentCode })
    linaCode = updated!.studentCode
    const { tuition, lab, periods } = await tuitionAndLab(
      db,
      { instituteId, sessionId, classId, tag: 'SL' },
      2,
    )
    const invoice = async (period: number, feeHeadIds: string[], issueDate: string) =>
      (await post('/api/fees/invoices', {
        studentId: lina,
        academicSessionId: sessionId,
        periodId: periods[period]!.id,
        feeHeadIds,
        issueDate,
      })) as Invoice
    const first = await invoice(0, [tuition, lab], daysAgo(40))
    await db
      .update(invoices)
      .set({ dueDate: daysAgo(35) })
      .where(eq(invoices.id, first.id))
    const second = await invoice(1, [tuition], daysAgo(10))
    await db
      .update(invoices)
      .set({ dueDate: daysAgo(-20) })
      .where(eq(invoices.id, second.id))

    const checker = await signedInAs(t, 'ledger-checker', ['accountant'])
    const concession = (await post('/api/fees/concessions', {
      academicSessionId: sessionId,
      studentId: lina,
      feeHeadId: tuition,
      category: 'merit',
      reason: 'Top of the class',
      terms: { kind: 'percent', rateBp: 1_000 },
      fromPeriodId: periods[1]!.id,
      toPeriodId: periods[1]!.id,
    })) as Concession
    await post(`/api/fees/concessions/${concession.id}/approve`, { note: 'Checked' }, 200, checker)

    const cancelled = await invoice(1, [lab], demoToday())
    await post(`/api/fees/invoices/${cancelled.id}/cancel`, { reason: 'Lab closed' }, 200)

    const lines = (await familyOf(t, admin, lina)).members[0]!.lines
    const tuitionLine = lines.find((l) => l.invoiceId === first.id && l.feeHeadName === 'Head SLT')!
    const labLine = lines.find((l) => l.feeHeadName === 'Head SLL')!
    await post(`/api/fees/invoices/${first.id}/lines/${tuitionLine.lineId}/fine-waivers`, {
      reason: 'Late by the bank',
      amountMinor: 2_000,
    })
    const pay = async (body: object) =>
      receipts.push((await post('/api/collection/payments', { studentId: lina, ...body })).id)
    await pay({
      allocations: [
        { lineId: tuitionLine.lineId, principalMinor: 100_000, fineMinor: 3_000 },
        { lineId: labLine.lineId, principalMinor: 10_000, fineMinor: 0 },
      ],
      toAdvance: { studentId: lina, amountMinor: 20_000 },
      tenders: [{ method: 'cash', amountMinor: 133_000 }],
    })
    await pay({
      allocations: [{ lineId: labLine.lineId, principalMinor: 15_000, fineMinor: 0 }],
      advanceUsed: [{ studentId: lina, amountMinor: 15_000 }],
      tenders: [],
    })
    await pay({
      allocations: [{ lineId: labLine.lineId, principalMinor: 5_000, fineMinor: 0 }],
      tenders: [{ method: 'cash', amountMinor: 5_000 }],
    })
    await post(`/api/collection/payments/${receipts[2]}/cancel`, { reason: 'Wrong student' }, 200)
  })

  it('lists every entry of the period in date order with its running balance, after the opening balance', async () => {
    const r = await ledger(`&from=${daysAgo(20)}`)
    expect(r.student).toMatchObject({ id: lina, fullName: 'Lina Ledger', studentCode: linaCode })
    expect([r.from, r.to]).toEqual([daysAgo(20), demoToday()])
    // The first invoice is before the period: its 1,300.00 is the opening balance.
    expect(r.opening).toEqual({ balanceMinor: 130_000, advanceMinor: 0 })
    const today = demoToday()
    const rows = r.data.map((row) => [
      row.date === today ? 'today' : row.date,
      row.kind,
      row.feeHeadName,
      row.debitMinor,
      row.creditMinor,
      row.balanceMinor,
      row.advanceMinor,
      row.waivedMinor,
    ])
    expect(rows).toEqual([
      [daysAgo(10), 'invoice', 'Head SLT', 100_000, 0, 230_000, 0, 0],
      ['today', 'concession', 'Head SLT', 0, 10_000, 220_000, 0, 0],
      ['today', 'invoice', 'Head SLL', 30_000, 0, 250_000, 0, 0],
      ['today', 'cancellation', 'Head SLL', 0, 30_000, 220_000, 0, 0],
      ['today', 'waiver', 'Head SLT', 0, 0, 220_000, 0, 2_000],
      ['today', 'fine', 'Head SLT', 3_000, 0, 223_000, 0, 0],
      ['today', 'payment', 'Head SLT', 0, 103_000, 120_000, 0, 0],
      ['today', 'payment', 'Head SLL', 0, 10_000, 110_000, 0, 0],
      ['today', 'advanceDeposit', null, 0, 0, 110_000, 20_000, 0],
      ['today', 'advancePayment', 'Head SLL', 0, 15_000, 95_000, 0, 0],
      ['today', 'advanceUsed', null, 0, 0, 95_000, -15_000, 0],
      ['today', 'payment', 'Head SLL', 0, 5_000, 90_000, 0, 0],
      ['today', 'paymentCancelled', 'Head SLL', 5_000, 0, 95_000, 0, 0],
    ])
    // Each receipt's entries carry its number; the advance's balance runs apart.
    expect(r.data.filter((row) => row.paymentId === receipts[0]).map((row) => row.kind)).toEqual([
      'fine',
      'payment',
      'payment',
      'advanceDeposit',
    ])
    expect(r.data.at(-1)!.documentNumber).toMatch(/^RCT-/)
    expect(r.data.at(-1)!.advanceBalanceMinor).toBe(5_000)
    expect(r.totals).toEqual({ debitMinor: 138_000, creditMinor: 173_000 })
    expect(r.closing).toEqual({ balanceMinor: 95_000, advanceMinor: 5_000 })
    expect(r.fineAccruedMinor).toBe(0)
    expect(r.agreement).toEqual({ reportMinor: 95_000, ledgerMinor: 95_000, agrees: true })
  })

  it('closes on what the due report counts the student owing that day', async () => {
    const due = async (asOf: string) => {
      const res = await asUser(
        t,
        admin,
        'GET',
        `/api/reports/due?q=Lina Ledger&perPage=100&asOf=${asOf}`,
      )
      const report = (await res.json()) as DueReport
      return report.data.filter((row) => row.studentId === lina)
    }
    const owedToday = (await due(demoToday())).reduce((s, row) => s + row.principalMinor, 0)
    expect((await ledger('')).closing.balanceMinor).toBe(owedToday)
    // Yesterday: both invoices owed in full, and the tuition's fine accrued (not in the balance).
    const yesterday = await ledger(`&to=${daysAgo(1)}`)
    const owedYesterday = await due(daysAgo(1))
    expect(yesterday.closing).toEqual({ balanceMinor: 230_000, advanceMinor: 0 })
    expect(owedYesterday.reduce((s, row) => s + row.principalMinor, 0)).toBe(230_000)
    expect(yesterday.fineAccruedMinor).toBe(5_000)
    expect(yesterday.agreement.agrees).toBe(true)
    // Before the first invoice: nothing at all.
    const before = await ledger(`&from=${daysAgo(60)}&to=${daysAgo(41)}`)
    expect(before).toMatchObject({ data: [], closing: { balanceMinor: 0, advanceMinor: 0 } })
  })

  it('refuses bad input with 422 naming the field', async () => {
    for (const [query, field] of [
      ['', 'studentId'],
      ['?studentId=7', 'studentId'],
      [`?studentId=${lina}&from=2026-02-30`, 'from'],
      [`?studentId=${lina}&to=tomorrow`, 'to'],
      [`?studentId=${lina}&from=${daysAgo(1)}&to=${daysAgo(2)}`, 'to'],
      [`?studentId=${lina}&colour=red`, 'colour'],
    ] as const) {
      const res = await asUser(t, admin, 'GET', `/api/reports/student-ledger${query}`)
      expect(res.status, query).toBe(422)
      const body = (await res.json()) as { errors: Record<string, unknown> }
      expect(Object.keys(body.errors), query).toContain(field)
    }
  })

  it('is for those allowed to read it, and of their own institute', async () => {
    const officer = await signedInAs(t, 'ledger-officer', ['admission officer'])
    const path = `/api/reports/student-ledger?studentId=${lina}`
    expect((await asUser(t, officer, 'GET', path)).status).toBe(403)
    expect((await asUser(t, officer, 'GET', path.replace('?', '/export.csv?'))).status).toBe(403)
    const cashier = await signedInAs(t, 'ledger-cashier', ['cashier'])
    expect((await ledger('', cashier)).closing.balanceMinor).toBe(95_000)
    await addUser(t, {
      username: 'ledger-elsewhere',
      password: 'ledger-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'ledger-elsewhere', 'ledger-elsewhere-pass-1')
    expect((await asUser(t, other, 'GET', path)).status).toBe(404)
    expect((await asUser(t, other, 'GET', path.replace('?', '/export.xlsx?'))).status).toBe(404)
  })

  it('exports the opening balance, the rows and the closing as CSV and Excel', async () => {
    const query = `?studentId=${lina}&from=${daysAgo(20)}`
    const csvRes = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/student-ledger/export.csv${query}&lang=de`,
    )
    expect(csvRes.status).toBe(200)
    const csv = Papa.parse<string[]>((await csvRes.text()).replace(/^\uFEFF/, '').trimEnd(), {
      newline: '\r\n',
      delimiter: ';',
    }).data
    expect(csv).toHaveLength(1 + 1 + 13 + 1)
    expect(csv[1]).toContain('1300,00')
    expect(csv.at(-1)).toContain('950,00')

    const xlsxRes = await asUser(t, admin, 'GET', `/api/reports/student-ledger/export.xlsx${query}`)
    expect(xlsxRes.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsxRes.arrayBuffer())
    const sheet = book.worksheets[0]!
    expect(sheet.name).toBe('Student ledger')
    const headings = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (row: number, name: string) =>
      sheet.getRow(row).getCell(headings.indexOf(name) + 1).value
    expect(cell(2, 'Entry')).toBe('Opening balance')
    expect(cell(2, 'Balance')).toBe(1300)
    expect(cell(3, 'Entry')).toBe('Invoice')
    expect(cell(3, 'Debit')).toBe(1000)
    expect(cell(3, 'Date')).toEqual(new Date(`${daysAgo(10)}T00:00:00Z`))
    expect(cell(sheet.rowCount, 'Entry')).toBe('Closing balance')
    expect(cell(sheet.rowCount, 'Balance')).toBe(950)
    expect(cell(sheet.rowCount, 'Advance held')).toBe(50)
  })
})
