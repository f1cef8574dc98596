import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import type { DueFines, DueReport } from '../../../shared/schemas/reports.ts'
import { rowsOf } from '../../db/rows.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { students } from '../../db/schema/students.ts'
import { signedInAs } from '../../test-support/admission.ts'
import {
  familyOf,
  fineMinor,
  labMinor,
  tuitionAndLab,
  tuitionMinor,
} from '../../test-support/collection.ts'
import {
  activeStudentsIn,
  demoInstituteId,
  demoSession,
  receivableBalance,
} from '../../test-support/fee-invoices.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/** The day `n` days before today in the demo institute's calendar. */
const daysAgo = (n: number) =>
  new Date(Date.parse(`${demoToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)

const [tuition, lab, fine] = [tuitionMinor, labMinor, fineMinor]

/*
 * The due report on a small data set worked out by hand. Three students of one class: Anis and
 * Bina share a guardian's phone (a family), Chaity is alone. Invoiced 40 days ago for tuition
 * (1,000.00, fined 50.00 once late) and lab (300.00), due 35 days ago; Chaity's lab is due in
 * ten days. Today Anis's tuition is paid, Chaity pays 100.00 of her lab, and a receipt paying
 * Bina's lab is cancelled.
 */
describe('due report', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let classId: string
  let tuitionId: string
  let labId: string
  let anis: string, bina: string, chaity: string
  let key = 0

  const report = async (query = '', token = admin) => {
    const res = await asUser(t, token, 'GET', `/api/reports/due${query}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as DueReport
  }
  const owedBy = (r: DueReport, studentId: string) =>
    r.data.filter((row) => row.studentId === studentId).map((row) => row.principalMinor)

  const pay = async (studentId: string, amounts: Record<string, number>) => {
    const family = await familyOf(t, admin, studentId)
    const lines = family.members.find((m) => m.studentId === studentId)!.lines
    // A line's fine is paid before its fee, as the counter takes it.
    const allocations = Object.entries(amounts).map(([head, principalMinor]) => {
      const line = lines.find((l) => l.feeHeadName === `Head ${head}`)!
      return { lineId: line.lineId, principalMinor, fineMinor: line.fineMinor }
    })
    const total = allocations.reduce((s, a) => s + a.principalMinor + a.fineMinor, 0)
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      { studentId, allocations, tenders: [{ method: 'cash', amountMinor: total }] },
      { 'Idempotency-Key': `due-report-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }

  beforeAll(async () => {
    const db = t.database.db
    instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    classId = classIds[0]!
    ;[anis, bina, chaity] = (await activeStudentsIn(db, sessionId, classId, 3)).map(
      (s) => s.id,
    ) as [string, string, string]
    await db
      .update(students)
      .set({ fullName: 'Anis Due', guardianPhone: '+8801711000101' })
      .where(eq(students.id, anis))
    await db
      .update(students)
      .set({ fullName: 'Bina Due', guardianPhone: '+8801711000101' })
      .where(eq(students.id, bina))
    await db
      .update(students)
      .set({ fullName: 'Chaity Due', guardianPhone: '+8801711000202' })
      .where(eq(students.id, chaity))
    const heads = await tuitionAndLab(db, { instituteId, sessionId, classId, tag: 'DR' }, 1)
    ;({ tuition: tuitionId, lab: labId } = heads)
    const periods = heads.periods
    for (const studentId of [anis, bina, chaity]) {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId,
          academicSessionId: sessionId,
          periodId: periods[0]!.id,
          feeHeadIds: [tuitionId, labId],
          issueDate: daysAgo(40),
        },
        { 'Idempotency-Key': `due-report-invoice-${studentId}` },
      )
      expect(res.status, await res.clone().text()).toBe(201)
      const invoice = (await res.json()) as Invoice
      // The due date is no posting: moved here for the aging buckets.
      await db
        .update(invoices)
        .set({ dueDate: studentId === chaity ? daysAgo(-10) : daysAgo(35) })
        .where(eq(invoices.id, invoice.id))
    }
    await pay(anis, { DRT: tuition })
    await pay(chaity, { DRL: 10_000 })
    const cancelled = await pay(bina, { DRL: lab })
    const res = await asUser(t, admin, 'POST', `/api/collection/payments/${cancelled}/cancel`, {
      reason: 'Entered for the wrong student',
    })
    expect(res.status, await res.clone().text()).toBe(200)
  })

  it('shows each line owed today, its fine apart, and agrees with the Fee receivable account', async () => {
    const r = await report(`?classId=${classId}&q=Due`)
    expect(r.asOf).toBe(demoToday())
    expect(owedBy(r, anis)).toEqual([lab])
    expect(owedBy(r, bina)).toEqual([tuition, lab])
    expect(owedBy(r, chaity)).toEqual([tuition, lab - 10_000])
    // Tuition is fined once late; lab has no rule, and Anis's paid tuition owes no fine.
    const fines = r.data.map((row) => [row.fullName, row.feeHeadName, row.fineMinor])
    expect(fines.sort()).toEqual([
      ['Anis Due', 'Head DRL', 0],
      ['Bina Due', 'Head DRL', 0],
      ['Bina Due', 'Head DRT', fine],
      ['Chaity Due', 'Head DRL', 0],
      ['Chaity Due', 'Head DRT', 0],
    ])
    // By student (class, section, roll), each student's lines in the heads' order.
    expect(r.data.filter((row) => row.studentId === bina).map((row) => row.feeHeadName)).toEqual([
      'Head DRT',
      'Head DRL',
    ])
    expect(r.totals).toEqual({
      principalMinor: lab + tuition + lab + tuition + lab - 10_000,
      students: 3,
      buckets: {
        notDue: tuition + lab - 10_000,
        days0to30: 0,
        days31to60: lab + tuition + lab,
        days61to90: 0,
        over90: 0,
      },
    })
    expect(r.agreement).toEqual({
      reportMinor: await receivableBalance(t.database.db, instituteId),
      ledgerMinor: await receivableBalance(t.database.db, instituteId),
      agrees: true,
    })
    expect(r.guardianPhones).toBe(true)
    expect(r.data.find((row) => row.studentId === anis)!.guardianPhone).toBe('+8801711000101')
  })

  it('totals the fines of every line the filters keep apart, as of the day asked', async () => {
    const fines = async (query: string, token = admin) => {
      const res = await asUser(t, token, 'GET', `/api/reports/due/fines${query}`)
      expect(res.status, await res.clone().text()).toBe(200)
      return (await res.json()) as DueFines
    }
    expect(await fines(`?classId=${classId}&q=Due`)).toEqual({ asOf: demoToday(), fineMinor: fine })
    // Yesterday Anis's tuition was late and unpaid too.
    expect(await fines(`?classId=${classId}&q=Due&asOf=${daysAgo(1)}`)).toMatchObject({
      fineMinor: 2 * fine,
    })
    expect(await fines(`?classId=${classId}&q=Due&feeHeadId=${labId}`)).toMatchObject({
      fineMinor: 0,
    })
    // Its filters alone: a page or an order is no filter of a total.
    const paged = await asUser(t, admin, 'GET', '/api/reports/due/fines?page=2')
    expect(paged.status).toBe(422)
    expect(Object.keys(((await paged.json()) as { errors: object }).errors)).toEqual(['page'])
    const officer = await signedInAs(t, 'due-fines-officer', ['admission officer'])
    expect((await asUser(t, officer, 'GET', '/api/reports/due/fines')).status).toBe(403)
  })

  it('as of an earlier day shows what was owed then, agreeing with the ledger of that day', async () => {
    const yesterday = await report(`?classId=${classId}&q=Due&asOf=${daysAgo(1)}`)
    expect(yesterday.totals.principalMinor).toBe(3 * (tuition + lab))
    expect(yesterday.totals.buckets.days31to60).toBe(2 * (tuition + lab))
    expect(yesterday.agreement.agrees).toBe(true)
    const before = await report(`?classId=${classId}&q=Due&asOf=${daysAgo(41)}`)
    expect(before.total).toBe(0)
    expect(before.agreement).toMatchObject({ agrees: true })
  })

  it('says plainly when the ledger does not agree', async () => {
    const db = t.database.db
    // A journal posted by hand to Fee receivable, which no invoice explains.
    const mapped = async (purpose: string) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`select account_id as id from coa_mappings
          where institute_id = ${instituteId} and purpose = ${purpose}`),
      )[0]!.id
    const [receivable, cash] = [await mapped('fee_receivable'), await mapped('cash')]
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/accounting/vouchers',
      {
        type: 'journal',
        date: daysAgo(60),
        narration: 'Opening dues keyed by hand',
        lines: [
          { accountId: receivable, debit: 700 },
          { accountId: cash, credit: 700 },
        ],
      },
      { 'Idempotency-Key': 'due-report-journal' },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const r = await report(`?asOf=${daysAgo(60)}`)
    expect(r.agreement).toEqual({ reportMinor: 0, ledgerMinor: 700, agrees: false })
  })

  it('narrows by head, by what a family owes in all, and pages with the totals of every page', async () => {
    const labs = await report(`?classId=${classId}&q=Due&feeHeadId=${labId}`)
    expect(labs.data.map((row) => row.fullName).sort()).toEqual([
      'Anis Due',
      'Bina Due',
      'Chaity Due',
    ])
    // Anis and Bina's family owes 1,600.00; Chaity 1,200.00.
    const families = await report(`?classId=${classId}&q=Due&familyOwesOver=130000`)
    expect(new Set(families.data.map((row) => row.studentId))).toEqual(new Set([anis, bina]))
    // One family, as the dashboard's families owing most open it: every line of its students.
    const anisFamily = await report(`?familyOf=${anis}`)
    expect(new Set(anisFamily.data.map((row) => row.studentId))).toEqual(new Set([anis, bina]))
    expect(anisFamily.totals.principalMinor).toBe(tuition + 2 * lab)
    expect((await report(`?familyOf=${chaity}`)).total).toBe(2)
    const paged = await report(
      `?classId=${classId}&q=Due&perPage=2&page=2&sortBy=principal&sortDesc=true`,
    )
    expect(paged.total).toBe(5)
    expect(paged.data.map((row) => row.principalMinor)).toEqual([lab, lab])
    expect(paged.totals.principalMinor).toBe(2 * tuition + 3 * lab - 10_000)
  })

  it('pages by student without losing or repeating a line where a page splits a student', async () => {
    let ascending: string[] = []
    for (const sortDesc of [false, true]) {
      const query = `?classId=${classId}&q=Due&sortDesc=${sortDesc}`
      const lines = (r: DueReport) => r.data.map((row) => `${row.fullName} ${row.feeHeadName}`)
      const all = lines(await report(query))
      const order = [...new Set(all.map((line) => line.slice(0, -9)))]
      if (sortDesc) expect(order).toEqual(ascending.reverse())
      else ascending = order
      for (const perPage of [1, 2, 3]) {
        const pages: string[] = []
        for (let page = 1; page <= Math.ceil(5 / perPage); page++) {
          const r = await report(`${query}&perPage=${perPage}&page=${page}`)
          expect(r.total).toBe(5)
          pages.push(...lines(r))
        }
        expect(pages, `${perPage} a page, descending: ${sortDesc}`).toEqual(all)
      }
    }
    expect((await report(`?classId=${classId}&q=Due&perPage=2&page=4`)).data).toEqual([])
  })

  it('counts students without a guardian’s phone each as a family of their own', async () => {
    const phones = {
      [anis]: '+8801711000101',
      [bina]: '+8801711000101',
      [chaity]: '+8801711000202',
    }
    const setPhones = async (phone?: string) => {
      for (const [id, own] of Object.entries(phones)) {
        await t.database.db
          .update(students)
          .set({ guardianPhone: phone ?? own })
          .where(eq(students.id, id))
      }
    }
    await setPhones('')
    try {
      // Together they would owe 2,800.00; apart, none owes more than 1,300.00.
      const families = await report(`?classId=${classId}&q=Due&familyOwesOver=130000`)
      expect(families.total).toBe(0)
    } finally {
      await setPhones()
    }
  })

  it('refuses bad filters with 422 naming them', async () => {
    for (const [query, field] of [
      ['?asOf=2026-02-30', 'asOf'],
      ['?asOf=yesterday', 'asOf'],
      ['?perPage=1000', 'perPage'],
      ['?familyOwesOver=lots', 'familyOwesOver'],
      ['?familyOf=anis', 'familyOf'],
      ['?classId=7', 'classId'],
      ['?sortBy=phone', 'sortBy'],
      ['?colour=red', 'colour'],
    ] as const) {
      const res = await asUser(t, admin, 'GET', `/api/reports/due${query}`)
      expect(res.status, query).toBe(422)
      const body = (await res.json()) as { errors: Record<string, unknown> }
      expect(Object.keys(body.errors), query).toContain(field)
    }
  })

  it('is for those allowed to read it; phones for those who may read students', async () => {
    const officer = await signedInAs(t, 'due-officer', ['admission officer'])
    expect((await asUser(t, officer, 'GET', '/api/reports/due')).status).toBe(403)
    expect((await asUser(t, officer, 'GET', '/api/reports/due/export.csv')).status).toBe(403)
    const cashier = await signedInAs(t, 'due-cashier', ['cashier'])
    const r = await report(`?classId=${classId}&q=Due`, cashier)
    expect(r.guardianPhones).toBe(false)
    expect(r.data.map((row) => row.guardianPhone)).toEqual([null, null, null, null, null])
  })

  it('shows another institute nothing of this one', async () => {
    await addUser(t, {
      username: 'due-elsewhere',
      password: 'due-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'due-elsewhere', 'due-elsewhere-pass-1')
    const r = await report('', other)
    expect(r.total).toBe(0)
    expect((await report(`?familyOf=${anis}`, other)).total).toBe(0)
    expect(r.agreement).toMatchObject({ reportMinor: 0, agrees: true })
    const fines = await asUser(t, other, 'GET', '/api/reports/due/fines')
    expect(await fines.json()).toMatchObject({ fineMinor: 0 })
  })

  it('exports the rows as CSV and Excel in the reader’s language, numbers as numbers', async () => {
    const csvRes = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/due/export.csv?classId=${classId}&q=Due&lang=de`,
    )
    expect(csvRes.status).toBe(200)
    expect(csvRes.headers.get('content-disposition')).toMatch(
      /due-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv/,
    )
    const csv = Papa.parse<string[]>((await csvRes.text()).replace(/^\uFEFF/, '').trimEnd(), {
      newline: '\r\n',
      delimiter: ';',
    }).data
    expect(csv[0]).toContain('Schülernummer')
    expect(csv).toHaveLength(6)
    const bina = csv.find((row) => row[1] === 'Bina Due' && row.includes('Head DRT'))!
    expect(bina).toContain('1000,00')
    expect(bina).toContain('50,00')

    const xlsxRes = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/due/export.xlsx?classId=${classId}&q=Due`,
    )
    expect(xlsxRes.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsxRes.arrayBuffer())
    const sheet = book.worksheets[0]!
    expect(sheet.name).toBe('Due report')
    const headings = (sheet.getRow(1).values as unknown[]).slice(1)
    const column = (name: string) => headings.indexOf(name) + 1
    const rowOf = (student: string, head: string) =>
      sheet
        .getRows(2, sheet.rowCount - 1)!
        .find(
          (r) =>
            r.getCell(column('Student')).value === student &&
            r.getCell(column('Fee head')).value === head,
        )!
    const row = rowOf('Bina Due', 'Head DRT')
    expect(row.getCell(column('Due')).value).toBe(1000)
    expect(row.getCell(column('Fine accrued')).value).toBe(50)
    expect(row.getCell(column('Due date')).value).toEqual(new Date(`${daysAgo(35)}T00:00:00Z`))
    expect(row.getCell(column('Overdue')).value).toBe('31–60 days')
  })
})
