import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import type {
  DueReport,
  HeadLedger,
  HeadLedgerLines,
  HeadLedgerRow,
  HeadSummaries,
} from '../../../shared/schemas/reports.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { familyOf, fineMinor, tuitionAndLab } from '../../test-support/collection.ts'
import {
  activeStudentsIn,
  addConcession,
  addVat,
  demoInstituteId,
  demoSession,
  receivableBalance,
} from '../../test-support/fee-invoices.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

const daysAgo = (n: number) =>
  new Date(Date.parse(`${demoToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)

/** The ledger's identity, as its README states it. */
const closingOf = (r: HeadLedgerRow) =>
  r.opening +
  r.billed -
  r.concessions +
  r.vat -
  r.cancelledInvoices -
  r.collected +
  r.cancelledReceipts

/*
 * The head-wise ledger on a small data set worked out by hand. Tuition (1,000.00, fined 50.00
 * once late) and lab (300.00 with 15 % VAT on top: 345.00) for Anis, Bina and Chaity, invoiced
 * 40 days ago; Anis has a 10 % tuition concession (tuition 900.00). The period is the last 20
 * days: Anis is invoiced for a second period 5 days ago, Chaity's invoice is cancelled, Bina pays
 * her tuition with its fine, and a receipt for Anis's first lab is taken and cancelled.
 */
describe('head-wise ledger and summaries', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let classId: string
  let tuitionId: string
  let labId: string
  let anis: string
  let key = 0
  const from = daysAgo(20)
  const period = `from=${from}&to=${demoToday()}`

  const read = async <T>(path: string, token = admin) => {
    const res = await asUser(t, token, 'GET', path)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as T
  }
  const ledger = (query = '') => read<HeadLedger>(`/api/reports/head-ledger?${period}${query}`)
  const rowOf = (r: HeadLedger, feeHeadId: string) => r.data.find((h) => h.feeHeadId === feeHeadId)!

  const invoice = async (studentId: string, periodId: string, issueDate: string) => {
    const { sessionId } = await demoSession(t.database.db, await demoInstituteId(t.database.db))
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      {
        studentId,
        academicSessionId: sessionId,
        periodId,
        feeHeadIds: [tuitionId, labId],
        issueDate,
      },
      { 'Idempotency-Key': `head-ledger-invoice-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const made = (await res.json()) as Invoice
    await t.database.db.update(invoices).set({ dueDate: issueDate }).where(eq(invoices.id, made.id))
    return made.id
  }

  const pay = async (studentId: string, head: string, principalMinor: number) => {
    const family = await familyOf(t, admin, studentId)
    const line = family.members
      .find((m) => m.studentId === studentId)!
      .lines.find((l) => l.feeHeadName === head)!
    const total = principalMinor + line.fineMinor
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId,
        allocations: [{ lineId: line.lineId, principalMinor, fineMinor: line.fineMinor }],
        tenders: [{ method: 'cash', amountMinor: total }],
      },
      { 'Idempotency-Key': `head-ledger-pay-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    classId = classIds[0]!
    const [a, bina, chaity] = (await activeStudentsIn(db, sessionId, classId, 3)).map((s) => s.id)
    anis = a!
    const heads = await tuitionAndLab(db, { instituteId, sessionId, classId, tag: 'HL' }, 2)
    ;({ tuition: tuitionId, lab: labId } = heads)
    await addVat(db, instituteId, labId, 1500)
    await addConcession(db, instituteId, {
      studentId: anis,
      academicSessionId: sessionId,
      feeHeadId: tuitionId,
      kind: 'percent',
      rateBp: 1000,
    })
    const [first, second] = heads.periods
    for (const student of [anis, bina!, chaity!]) await invoice(student, first!.id, daysAgo(40))
    const cancelled = await invoice(chaity!, second!.id, daysAgo(40))
    await invoice(anis, second!.id, daysAgo(5))
    const res = await asUser(t, admin, 'POST', `/api/fees/invoices/${cancelled}/cancel`, {
      reason: 'Left the school',
    })
    expect(res.status, await res.clone().text()).toBe(200)
    await pay(bina!, 'Head HLT', 100_000)
    const receipt = await pay(anis, 'Head HLL', 34_500)
    const cancel = await asUser(t, admin, 'POST', `/api/collection/payments/${receipt}/cancel`, {
      reason: 'Entered for the wrong student',
    })
    expect(cancel.status, await cancel.clone().text()).toBe(200)
  })

  it('gives each head its figures for the period, opening to closing', async () => {
    const r = await ledger()
    expect(r).toMatchObject({ from, to: demoToday() })
    // Opening: three first periods and Chaity's second (tuition 900 + 1,000 × 3; lab 345 × 4).
    expect(rowOf(r, tuitionId)).toEqual({
      feeHeadId: tuitionId,
      feeHeadName: 'Head HLT',
      opening: 90_000 + 3 * 100_000,
      billed: 100_000,
      concessions: 10_000,
      vat: 0,
      cancelledInvoices: 100_000,
      collected: 100_000,
      cancelledReceipts: 0,
      fines: fineMinor,
      // Anis's two periods and Chaity's first.
      closing: 2 * 90_000 + 100_000,
    })
    expect(rowOf(r, labId)).toEqual({
      feeHeadId: labId,
      feeHeadName: 'Head HLL',
      opening: 4 * 34_500,
      billed: 30_000,
      concessions: 0,
      vat: 4_500,
      cancelledInvoices: 34_500,
      collected: 34_500,
      cancelledReceipts: 34_500,
      fines: 0,
      closing: 4 * 34_500,
    })
    for (const row of [...r.data, r.totals])
      expect(closingOf(row), row.feeHeadName).toBe(row.closing)
  })

  it('closes each head at the due report’s total for it, and in all at Fee receivable', async () => {
    const r = await ledger()
    for (const row of r.data) {
      const due = await read<DueReport>(`/api/reports/due?feeHeadId=${row.feeHeadId}&perPage=1`)
      expect(row.closing, row.feeHeadName).toBe(due.totals.principalMinor)
    }
    const receivable = await receivableBalance(t.database.db, await demoInstituteId(t.database.db))
    expect(r.totals.closing).toBe(receivable)
    expect(r.agreement).toEqual({ reportMinor: receivable, ledgerMinor: receivable, agrees: true })
  })

  it('drills each figure down to its lines, which add up to it', async () => {
    const lines = (figure: string, feeHeadId: string, more = '') =>
      read<HeadLedgerLines>(
        `/api/reports/head-ledger/lines?${period}&feeHeadId=${feeHeadId}&figure=${figure}${more}`,
      )
    const billed = await lines('billed', tuitionId)
    expect(billed.data).toMatchObject([{ kind: 'invoice', day: daysAgo(5), amountMinor: 100_000 }])
    const cancelledReceipts = await lines('cancelledReceipts', labId)
    expect(cancelledReceipts).toMatchObject({ total: 1, totalMinor: 34_500 })
    expect(cancelledReceipts.data[0]).toMatchObject({ kind: 'cancelledReceipt', day: demoToday() })
    const cancelled = await lines('cancelledInvoices', labId)
    expect(cancelled.data).toMatchObject([{ kind: 'creditNote', amountMinor: 34_500 }])
    const opening = await lines('opening', tuitionId, '&perPage=2&page=2')
    expect(opening).toMatchObject({ total: 4, totalMinor: 390_000, page: 2, perPage: 2 })
    expect(opening.data).toHaveLength(2)
    const r = await ledger()
    for (const figure of ['concessions', 'vat', 'collected', 'fines', 'closing'] as const) {
      for (const head of [tuitionId, labId]) {
        expect((await lines(figure, head)).totalMinor, figure).toBe(rowOf(r, head)[figure])
      }
    }
  })

  it('sums heads by class and by month, billed, collected or due, with totals', async () => {
    const summary = (query: string) =>
      read<HeadSummaries>(`/api/reports/head-summaries?${period}&classId=${classId}&${query}`)
    const due = await summary('measure=due')
    expect(due.columns.map((c) => c.key)).toEqual([classId])
    const dueOf = (feeHeadId: string) => due.rows.find((r) => r.feeHeadId === feeHeadId)!
    expect(dueOf(tuitionId)).toMatchObject({ cells: [280_000], totalMinor: 280_000 })
    expect(dueOf(labId)).toMatchObject({ cells: [138_000], totalMinor: 138_000 })
    expect(due.columnTotals[0]).toBe(due.totalMinor)

    const billed = await summary('by=month&measure=billed')
    expect(billed.columns.map((c) => c.key)).toContain(demoToday().slice(0, 7))
    // Net of concessions and cancellations: Anis's 900.00 in, Chaity's 1,000.00 out; lab's 345.00 both ways.
    expect(billed.rows.find((r) => r.feeHeadId === tuitionId)!.totalMinor).toBe(-10_000)
    expect(billed.rows.find((r) => r.feeHeadId === labId)?.totalMinor ?? 0).toBe(0)
    for (const row of billed.rows) {
      expect(row.cells.reduce((sum, n) => sum + n, 0)).toBe(row.totalMinor)
    }
    const collected = await summary('by=month&measure=collected')
    const month = collected.columns.findIndex((c) => c.key === demoToday().slice(0, 7))
    expect(collected.rows.find((r) => r.feeHeadId === tuitionId)!.cells[month]).toBe(100_000)
    expect(collected.rows.find((r) => r.feeHeadId === labId)).toBeUndefined()
  })

  it('refuses bad input with 422 naming the field, and readers without the permission', async () => {
    for (const [path, field] of [
      [`/api/reports/head-ledger?from=${demoToday()}&to=${daysAgo(1)}`, 'to'],
      ['/api/reports/head-ledger?colour=red', 'colour'],
      ['/api/reports/head-ledger?from=2026-02-30', 'from'],
      [`/api/reports/head-ledger/lines?feeHeadId=${labId}&figure=profit`, 'figure'],
      ['/api/reports/head-ledger/lines?figure=billed', 'feeHeadId'],
      ['/api/reports/head-summaries?measure=profit', 'measure'],
      ['/api/reports/head-summaries?by=week', 'by'],
      ['/api/reports/head-summaries?from=2020-01-01&to=2024-01-01', 'from'],
    ] as const) {
      const res = await asUser(t, admin, 'GET', path)
      expect(res.status, path).toBe(422)
      const body = (await res.json()) as { errors: Record<string, unknown> }
      expect(Object.keys(body.errors), path).toContain(field)
    }
    const officer = await signedInAs(t, 'head-officer', ['admission officer'])
    for (const path of [
      '/api/reports/head-ledger',
      `/api/reports/head-ledger/lines?feeHeadId=${labId}&figure=billed`,
      '/api/reports/head-ledger/export.xlsx',
      '/api/reports/head-summaries',
      '/api/reports/head-summaries/export.csv',
    ]) {
      expect((await asUser(t, officer, 'GET', path)).status, path).toBe(403)
    }
  })

  it('exports the ledger and the matrix as Excel, numbers as numbers, with a totals row', async () => {
    const book = async (path: string) => {
      const res = await asUser(t, admin, 'GET', path)
      expect(res.status).toBe(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await res.arrayBuffer())
      const sheet = workbook.worksheets[0]!
      const headings = (sheet.getRow(1).values as unknown[]).slice(1)
      const rows = sheet.getRows(2, sheet.rowCount - 1)!
      const cell = (first: string, heading: string) =>
        rows.find((r) => r.getCell(1).value === first)!.getCell(headings.indexOf(heading) + 1).value
      return { sheet, cell }
    }
    const ledgerFile = await book(`/api/reports/head-ledger/export.xlsx?${period}`)
    expect(ledgerFile.sheet.name).toBe('Head-wise ledger')
    expect(ledgerFile.cell('Head HLL', 'VAT added')).toBe(45)
    expect(ledgerFile.cell('Head HLT', 'Closing due')).toBe(2800)
    expect(ledgerFile.cell('Total', 'Closing due')).toBe(
      (await receivableBalance(t.database.db, await demoInstituteId(t.database.db))) / 100,
    )
    const matrix = await book(
      `/api/reports/head-summaries/export.xlsx?${period}&classId=${classId}&measure=due`,
    )
    expect(matrix.sheet.name).toBe('Head-wise summaries')
    expect(matrix.cell('Head HLT', 'Total')).toBe(2800)
    expect(matrix.cell('Total', 'Total')).toBe(
      (
        await read<HeadSummaries>(
          `/api/reports/head-summaries?${period}&classId=${classId}&measure=due`,
        )
      ).totalMinor / 100,
    )
  })

  it('exports the lines a figure is made of, every page in one file, as the screen lists them', async () => {
    const file = (query: string, token = admin) =>
      asUser(t, token, 'GET', `/api/reports/head-ledger-lines/export.xlsx?${period}&${query}`)
    for (const [figure, head] of [
      ['billed', tuitionId],
      ['cancelledReceipts', labId],
      ['opening', tuitionId],
      ['closing', labId],
    ] as const) {
      const query = `feeHeadId=${head}&figure=${figure}`
      const screen = await read<HeadLedgerLines>(
        `/api/reports/head-ledger/lines?${period}&${query}`,
      )
      const res = await file(query)
      expect(res.status, figure).toBe(200)
      expect(res.headers.get('content-disposition')).toContain(`head-wise-ledger-${figure}-${from}`)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await res.arrayBuffer())
      const sheet = workbook.worksheets[0]!
      const rows = sheet.getRows(2, sheet.rowCount - 1) ?? []
      // Reference, student and amount (a number, in the currency's units), in the screen's order.
      expect(
        rows.map((r) => [r.getCell(3).value, r.getCell(5).value, r.getCell(7).value]),
        figure,
      ).toEqual(screen.data.map((l) => [l.number, l.fullName, l.amountMinor / 100]))
    }
    const cancelled = await file(`feeHeadId=${labId}&figure=cancelledReceipts`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await cancelled.arrayBuffer())
    expect(workbook.worksheets[0]!.getRow(2).getCell(2).value).toBe('Receipt cancelled')

    for (const [query, field] of [
      [`feeHeadId=${labId}&figure=profit`, 'figure'],
      [`feeHeadId=${labId}&figure=billed&page=2`, 'page'],
      ['figure=billed', 'feeHeadId'],
    ]) {
      const res = await file(query!)
      expect(res.status, query).toBe(422)
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toContain(field)
    }
    const officer = await signedInAs(t, 'head-lines-officer', ['admission officer'])
    expect((await file(`feeHeadId=${labId}&figure=billed`, officer)).status).toBe(403)
  })
})
