import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PaidReport } from '../../../shared/schemas/reports.ts'
import { students } from '../../db/schema/students.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { familyOf, tuitionAndLab } from '../../test-support/collection.ts'
import { activeStudentsIn, demoInstituteId, demoSession } from '../../test-support/fee-invoices.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/*
 * The paid report on a small day of receipts worked out by hand. Today: Anis pays tuition
 * (1,000.00 cash), Bina lab (300.00: 100.00 cash and 200.00 by card), Chaity tuition (1,000.00
 * cash, cancelled since), Anis 200.00 cash into his advance, then 200.00 of his lab from it.
 */
describe('paid report', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let classId: string
  let tuitionId: string
  let labId: string
  let anis: string, bina: string, chaity: string
  const numbers: string[] = []
  let key = 0

  const report = async (query = '', token = admin) => {
    const res = await asUser(t, token, 'GET', `/api/reports/paid${query}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as PaidReport
  }
  /** The day's receipts of these students, grouped as asked. */
  const ours = (query = '', token = admin) => report(`?classId=${classId}&q=Paid${query}`, token)

  const pay = async (studentId: string, body: object) => {
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      { studentId, allocations: [], tenders: [], ...body },
      { 'Idempotency-Key': `paid-report-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const receipt = (await res.json()) as { id: string; number: string }
    numbers.push(receipt.number)
    return receipt.id
  }
  const lineOf = async (studentId: string, head: string) =>
    (await familyOf(t, admin, studentId)).members
      .find((m) => m.studentId === studentId)!
      .lines.find((l) => l.feeHeadName === `Head ${head}`)!.lineId

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    classId = classIds[0]!
    ;[anis, bina, chaity] = (await activeStudentsIn(db, sessionId, classId, 3)).map(
      (s) => s.id,
    ) as [string, string, string]
    for (const [id, name] of [
      [anis, 'Anis Paid'],
      [bina, 'Bina Paid'],
      [chaity, 'Chaity Paid'],
    ] as const) {
      await db.update(students).set({ fullName: name }).where(eq(students.id, id))
    }
    const heads = await tuitionAndLab(db, { instituteId, sessionId, classId, tag: 'PR' }, 1)
    ;({ tuition: tuitionId, lab: labId } = heads)
    for (const studentId of [anis, bina, chaity]) {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId,
          academicSessionId: sessionId,
          periodId: heads.periods[0]!.id,
          feeHeadIds: [tuitionId, labId],
        },
        { 'Idempotency-Key': `paid-report-invoice-${studentId}` },
      )
      expect(res.status, await res.clone().text()).toBe(201)
    }
    const cash = (amountMinor: number) => ({ method: 'cash', amountMinor })
    const line = (lineId: string, principalMinor: number) => ({
      lineId,
      principalMinor,
      fineMinor: 0,
    })
    await pay(anis, {
      allocations: [line(await lineOf(anis, 'PRT'), 100_000)],
      tenders: [cash(100_000)],
    })
    await pay(bina, {
      allocations: [line(await lineOf(bina, 'PRL'), 30_000)],
      tenders: [cash(10_000), { method: 'card', amountMinor: 20_000 }],
    })
    const cancelled = await pay(chaity, {
      allocations: [line(await lineOf(chaity, 'PRT'), 100_000)],
      tenders: [cash(100_000)],
    })
    const res = await asUser(t, admin, 'POST', `/api/collection/payments/${cancelled}/cancel`, {
      reason: 'Paid twice',
    })
    expect(res.status, await res.clone().text()).toBe(200)
    await pay(anis, {
      toAdvance: { studentId: anis, amountMinor: 20_000 },
      tenders: [cash(20_000)],
    })
    await pay(anis, {
      allocations: [line(await lineOf(anis, 'PRL'), 20_000)],
      advanceUsed: [{ studentId: anis, amountMinor: 20_000 }],
    })
  })

  it('lists the day’s receipts with how their money came, cancelled ones said so, totals apart', async () => {
    const r = await ours()
    expect([r.from, r.to]).toEqual([`${demoToday().slice(0, 8)}01`, demoToday()])
    expect(r.data.map((row) => row.number)).toEqual(numbers)
    expect(
      r.data.map((row) => [
        row.payerName,
        row.methods,
        row.kind,
        row.receivedMinor,
        row.advanceMinor,
        row.status,
      ]),
    ).toEqual([
      ['Anis Paid', ['cash'], 'counter', 100_000, 0, 'issued'],
      ['Bina Paid', ['card', 'cash'], 'counter', 30_000, 0, 'issued'],
      ['Chaity Paid', ['cash'], 'counter', 100_000, 0, 'cancelled'],
      ['Anis Paid', ['cash'], 'counter', 20_000, 0, 'issued'],
      ['Anis Paid', [], 'advance', 0, 20_000, 'issued'],
    ])
    expect(r.data[0]!.cashierName).toBe('Demo Administrator')
    expect(r.totals).toEqual({
      receipts: 5,
      receivedMinor: 150_000,
      advanceMinor: 20_000,
      cancelledMinor: 100_000,
    })
    expect(r.groups).toEqual([
      {
        key: demoToday(),
        label: demoToday(),
        receipts: 4,
        amountMinor: 150_000,
        advanceMinor: 20_000,
      },
    ])
  })

  it('agrees with the money the ledger received, cancelled receipts included on their day', async () => {
    const r = await report(`?from=${demoToday()}&to=${demoToday()}`)
    expect(r.agreement.agrees).toBe(true)
    expect(r.agreement.reportMinor).toBeGreaterThanOrEqual(250_000)
    expect(r.agreement.ledgerMinor).toBe(r.agreement.reportMinor)
  })

  it('groups by method, by head and by cashier', async () => {
    expect((await ours('&groupBy=method')).groups).toEqual([
      { key: 'card', label: 'card', receipts: 1, amountMinor: 20_000, advanceMinor: 0 },
      { key: 'cash', label: 'cash', receipts: 3, amountMinor: 130_000, advanceMinor: 0 },
    ])
    expect((await ours('&groupBy=head')).groups).toEqual([
      { key: tuitionId, label: 'Head PRT', receipts: 1, amountMinor: 100_000, advanceMinor: 0 },
      { key: labId, label: 'Head PRL', receipts: 2, amountMinor: 50_000, advanceMinor: 0 },
    ])
    const cashiers = (await ours('&groupBy=cashier')).groups
    expect(cashiers.map((g) => [g.label, g.receipts, g.amountMinor])).toEqual([
      ['Demo Administrator', 4, 150_000],
    ])
  })

  it('narrows by status, method, head and receipt number', async () => {
    const payers = async (query: string) => (await ours(query)).data.map((row) => row.payerName)
    expect(await payers('&status=cancelled')).toEqual(['Chaity Paid'])
    expect(await payers('&method=card')).toEqual(['Bina Paid'])
    expect(await payers(`&feeHeadId=${labId}`)).toEqual(['Bina Paid', 'Anis Paid'])
    const byNumber = await report(`?q=${numbers[1]}`)
    expect(byNumber.data.map((row) => row.number)).toEqual([numbers[1]])
    const paged = await ours('&perPage=2&page=2&sortBy=amount&sortDesc=true')
    expect(paged.total).toBe(5)
    expect(paged.data.map((row) => row.receivedMinor + row.advanceMinor)).toEqual([30_000, 20_000])
  })

  it('refuses bad filters with 422 naming them', async () => {
    for (const [query, field] of [
      ['?from=2026-13-01', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?perPage=500', 'perPage'],
      ['?groupBy=week', 'groupBy'],
      ['?method=bitcoin', 'method'],
      ['?status=pending', 'status'],
      ['?cashierId=me', 'cashierId'],
      ['?colour=red', 'colour'],
    ] as const) {
      const res = await asUser(t, admin, 'GET', `/api/reports/paid${query}`)
      expect(res.status, query).toBe(422)
      const body = (await res.json()) as { errors: Record<string, unknown> }
      expect(Object.keys(body.errors), query).toContain(field)
    }
  })

  it('is for those allowed to read it; another institute sees none of it', async () => {
    const officer = await signedInAs(t, 'paid-officer', ['admission officer'])
    expect((await asUser(t, officer, 'GET', '/api/reports/paid')).status).toBe(403)
    expect((await asUser(t, officer, 'GET', '/api/reports/paid/export.xlsx')).status).toBe(403)
    const cashier = await signedInAs(t, 'paid-cashier', ['cashier'])
    expect((await ours('', cashier)).total).toBe(5)
    await addUser(t, {
      username: 'paid-elsewhere',
      password: 'paid-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'paid-elsewhere', 'paid-elsewhere-pass-1')
    const theirs = await report('', other)
    expect(theirs.total).toBe(0)
    expect(theirs.agreement).toEqual({ reportMinor: 0, ledgerMinor: 0, agrees: true })
  })

  it('exports the receipts as CSV and Excel, methods and statuses in the reader’s language', async () => {
    const csvRes = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/paid/export.csv?classId=${classId}&q=Paid&lang=fr`,
    )
    expect(csvRes.status).toBe(200)
    const csv = Papa.parse<string[]>((await csvRes.text()).replace(/^\uFEFF/, '').trimEnd(), {
      newline: '\r\n',
      delimiter: ';',
    }).data
    expect(csv).toHaveLength(6)
    const bina = csv.find((row) => row.includes('Bina Paid'))!
    expect(bina).toContain('300,00')
    expect(bina).toContain('Carte, Espèces')
    expect(csv.find((row) => row.includes('Chaity Paid'))).toContain('Annulé')

    const xlsxRes = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/paid/export.xlsx?classId=${classId}&q=Paid`,
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsxRes.arrayBuffer())
    const sheet = book.worksheets[0]!
    expect(sheet.name).toBe('Paid report')
    const headings = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (row: number, heading: string) =>
      sheet.getRow(row).getCell(headings.indexOf(heading) + 1).value
    expect(cell(3, 'Paid by')).toBe('Bina Paid')
    expect(cell(3, 'Money received')).toBe(300)
    expect(cell(3, 'Received on')).toEqual(new Date(`${demoToday()}T00:00:00Z`))
    expect(cell(6, 'From advances')).toBe(200)
  })
})
