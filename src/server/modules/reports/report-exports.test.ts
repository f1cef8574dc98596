import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ledger } from '../../../shared/schemas/accounting.ts'
import type { Job } from '../../../shared/schemas/jobs.ts'
import type { DueReport } from '../../../shared/schemas/reports.ts'
import { rowsOf } from '../../db/rows.ts'
import { roleRules, roles, userRoles } from '../../db/schema/access.ts'
import { students } from '../../db/schema/students.ts'
import { exportFileKey } from '../../lib/report-export/names.ts'
import { sweepExports } from '../../lib/report-export/sweep.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { tuitionAndLab } from '../../test-support/collection.ts'
import { activeStudentsIn, demoInstituteId, demoSession } from '../../test-support/fee-invoices.ts'
import {
  addUser,
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'

/*
 * A report too large to download at once is exported by a job: here "too large" is over two
 * rows (REPORT_EXPORT_DIRECT_MAX_ROWS), and the due report of three students has six.
 */
describe('report exports by job', () => {
  let t: TestApp
  let admin: string
  let classId: string
  let demo: string
  let tuitionId: string
  let key = 0

  beforeAll(async () => {
    t = await createTestApp({ reportExportDirectMaxRows: 2 })
    admin = await signIn(t, 'admin', adminPassword)
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    demo = instituteId
    const { sessionId, classIds } = await demoSession(db, instituteId)
    classId = classIds[0]!
    const three = await activeStudentsIn(db, sessionId, classId, 3)
    for (const [i, s] of three.entries()) {
      await db
        .update(students)
        .set({ fullName: `Export ${'ABC'[i]}`, guardianPhone: '=HYPERLINK("x")' })
        .where(eq(students.id, s.id))
    }
    const heads = await tuitionAndLab(db, { instituteId, sessionId, classId, tag: 'EX' }, 1)
    tuitionId = heads.tuition
    for (const s of three) {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId: s.id,
          academicSessionId: sessionId,
          periodId: heads.periods[0]!.id,
          feeHeadIds: [heads.tuition, heads.lab],
        },
        { 'Idempotency-Key': `export-invoice-${s.id}` },
      )
      expect(res.status, await res.clone().text()).toBe(201)
    }
  })
  afterAll(() => t.database.close())

  const filters = () => ({ classId, q: 'Export' })
  const start = (body: unknown, token = admin, idempotency = `export-${++key}`) =>
    asUser(t, token, 'POST', '/api/reports/exports', body, { 'Idempotency-Key': idempotency })
  const exported = async (format: 'csv' | 'xlsx', query: Record<string, string> = filters()) => {
    const res = await start({ report: 'due', format, query })
    expect(res.status, await res.clone().text()).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    await t.app.services.jobs.drain()
    return jobId
  }
  const dueRows = async () => {
    const q = new URLSearchParams({ ...filters(), perPage: '100' })
    const res = await asUser(t, admin, 'GET', `/api/reports/due?${q}`)
    return ((await res.json()) as DueReport).data
  }

  it('refuses a direct download over the limit, naming its rows', async () => {
    const q = new URLSearchParams(filters())
    const res = await asUser(t, admin, 'GET', `/api/reports/due/export.csv?${q}`)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      code: 'export_needs_job',
      values: { rows: 6, max: 2 },
    })
    const one = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/due/export.csv?${new URLSearchParams({ ...filters(), feeHeadId: '00000000-0000-4000-8000-000000000000' })}`,
    )
    expect(one.status).toBe(200)
  })

  it('refuses a bad filter naming it, and an asker without the report’s permission', async () => {
    const bad = await start({ report: 'due', format: 'csv', query: { asOf: '2026-02-30' } })
    expect(bad.status).toBe(422)
    expect(JSON.stringify(await bad.json())).toContain('asOf')
    const unknown = await start({ report: 'due', format: 'csv', query: { colour: 'red' } })
    expect(unknown.status).toBe(422)
    const format = await start({ report: 'due', format: 'pdf', query: {} })
    expect(format.status).toBe(422)
    const noKey = await asUser(t, admin, 'POST', '/api/reports/exports', {
      report: 'due',
      format: 'csv',
      query: {},
    })
    expect(noKey.status).toBe(400)
    const officer = await signedInAs(t, 'export-officer', ['admission officer'])
    expect((await start({ report: 'due', format: 'csv', query: {} }, officer)).status).toBe(403)
  })

  it('answers the same job to a retry with the same key', async () => {
    const body = { report: 'due', format: 'csv', query: filters() }
    const first = await start(body, admin, 'export-retry-1')
    const again = await start(body, admin, 'export-retry-1')
    expect(first.status).toBe(202)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(await first.json())
    const other = await start({ ...body, format: 'xlsx' }, admin, 'export-retry-1')
    expect(other.status).toBe(409)
    // Keys are each user's own: another user's same key and body start a job of their own.
    const colleague = await signedInAs(t, 'export-same-key', ['admin'])
    const theirs = await start(body, colleague, 'export-retry-1')
    expect(theirs.status).toBe(202)
    expect(await theirs.json()).not.toEqual(
      await (await start(body, admin, 'export-retry-1')).json(),
    )
  })

  it('writes the report’s rows to a CSV, with its progress, and clears its copied rows', async () => {
    const jobId = await exported('csv', { ...filters(), lang: 'de' })
    const job = (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
    expect(job).toMatchObject({
      kind: 'due-report-export',
      status: 'succeeded',
      progress: { done: 6, total: 6 },
      result: { rows: 6 },
    })
    const res = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(
      /due-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv/,
    )
    const csv = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, '').trimEnd(), {
      newline: '\r\n',
      delimiter: ';',
    }).data
    expect(csv[0]).toContain('Schülernummer')
    const rows = await dueRows()
    expect(csv.slice(1).map((r) => [r[1], r[7]])).toEqual(
      rows.map((r) => [r.fullName, r.feeHeadName]),
    )
    expect(csv[1]).toContain(`'=HYPERLINK("x")`)
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from report_export_rows where job_id = ${jobId}`,
      ),
    )
    expect(left[0]!.n).toBe(0)
  })

  it('writes an XLSX whose numbers are numbers', async () => {
    const jobId = await exported('xlsx')
    const res = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.worksheets[0]!
    expect(sheet.name).toBe('Due report')
    const headings = (sheet.getRow(1).values as unknown[]).slice(1)
    const column = (name: string) => headings.indexOf(name) + 1
    const rows = await dueRows()
    expect(sheet.rowCount).toBe(rows.length + 1)
    rows.forEach((row, i) => {
      const line = sheet.getRow(i + 2)
      expect(line.getCell(column('Student')).value).toBe(row.fullName)
      expect(line.getCell(column('Due')).value).toBe(row.principalMinor / 100)
      expect(line.getCell(column('Due date')).value).toEqual(new Date(`${row.dueDate}T00:00:00Z`))
    })
  })

  it('exports the paid report through the same job', async () => {
    const res = await start({ report: 'paid', format: 'csv', query: {} })
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    await t.app.services.jobs.drain()
    const job = (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
    expect(job).toMatchObject({ kind: 'paid-report-export', status: 'succeeded' })
    const file = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(file.headers.get('content-disposition')).toMatch(/paid-report-/)
  })

  it('exports an account’s general ledger through the same job, balances as on the screen', async () => {
    const mapped = async (purpose: string) =>
      rowsOf<{ id: string }>(
        await t.database.db.execute(sql`select account_id as id from coa_mappings
          where institute_id = ${demo} and purpose = ${purpose}`),
      )[0]!.id
    const [receivable, cash] = [await mapped('fee_receivable'), await mapped('cash')]
    // Money taken against the invoices: the ledger's credit side.
    const taken = await asUser(
      t,
      admin,
      'POST',
      '/api/accounting/vouchers',
      {
        type: 'journal',
        date: new Date().toISOString().slice(0, 10),
        narration: 'Fees taken before the counter',
        lines: [
          { accountId: cash, debit: 450 },
          { accountId: receivable, credit: 450 },
        ],
      },
      { 'Idempotency-Key': 'export-ledger-journal' },
    )
    expect(taken.status, await taken.clone().text()).toBe(201)
    const query = { accountId: receivable, from: '2000-01-01', to: '2099-12-31' }
    const direct = await asUser(
      t,
      admin,
      'GET',
      `/api/accounting/ledger/export.xlsx?${new URLSearchParams(query)}`,
    )
    expect(direct.status).toBe(409)
    const res = await start({ report: 'ledger', format: 'xlsx', query })
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    await t.app.services.jobs.drain()
    const file = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(file.headers.get('content-disposition')).toMatch(/ledger-\d+-2000-01-01-2099-12-31-/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await file.arrayBuffer())
    const rows = (book.worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map((r) => [
      r[2],
      r[5],
      r[6],
      r[7],
    ])
    const ledger = (await (
      await asUser(t, admin, 'GET', `/api/accounting/ledger?${new URLSearchParams(query)}`)
    ).json()) as Ledger
    expect(ledger.lines.length).toBeGreaterThan(2)
    const sum = (side: 'debit' | 'credit') => ledger.lines.reduce((s, l) => s + l[side], 0) / 100
    expect(ledger.lines.some((l) => l.credit > 0)).toBe(true)
    expect(rows).toEqual([
      [undefined, undefined, undefined, ledger.opening / 100],
      ...ledger.lines.map((l) => [l.reference, l.debit / 100, l.credit / 100, l.balance / 100]),
      [undefined, sum('debit'), sum('credit'), undefined],
      [undefined, undefined, undefined, ledger.closing / 100],
    ])
  })

  it('gives the file to its asker alone: none to another user or institute', async () => {
    const jobId = await exported('csv')
    const colleague = await signedInAs(t, 'export-colleague', ['admin'])
    const path = `/api/reports/exports/${jobId}/file`
    expect((await asUser(t, colleague, 'GET', path)).status).toBe(404)
    await addUser(t, {
      username: 'export-elsewhere',
      password: 'export-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'export-elsewhere', 'export-elsewhere-pass-1')
    expect((await asUser(t, other, 'GET', path)).status).toBe(404)
    expect((await asUser(t, other, 'GET', `/api/jobs/${jobId}`)).status).toBe(404)
    expect((await asUser(t, admin, 'GET', '/api/reports/exports/nope/file')).status).toBe(404)
  })

  it('lets a reader of the report cancel their own export, and nobody else see or cancel it', async () => {
    const db = t.database.db
    const [role] = await db
      .insert(roles)
      .values({ instituteId: demo, name: 'due-reader', homeRoute: '/' })
      .returning()
    await db.insert(roleRules).values({ roleId: role!.id, action: 'read', subject: 'due-report' })
    const user = await addUser(t, { username: 'due-reader', password: 'due-reader-pass-1' })
    await db.insert(userRoles).values({ userId: user.id, roleId: role!.id })
    const reader = await signIn(t, 'due-reader', 'due-reader-pass-1')
    const res = await start({ report: 'due', format: 'csv', query: filters() }, reader)
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }

    const colleague = await signedInAs(t, 'export-canceller', ['admin'])
    const cancel = (token: string) => asUser(t, token, 'POST', `/api/jobs/${jobId}/cancel`)
    expect((await cancel(colleague)).status).toBe(404)
    expect((await asUser(t, colleague, 'GET', `/api/jobs/${jobId}`)).status).toBe(404)
    const listed = async (token: string) => {
      const res = await asUser(t, token, 'GET', '/api/jobs?kind=due-report-export&perPage=100')
      return ((await res.json()) as { data: Job[] }).data.map((j) => j.id)
    }
    expect(await listed(colleague)).not.toContain(jobId)
    expect(await listed(reader)).toEqual([jobId])

    const cancelled = await cancel(reader)
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ id: jobId, status: 'cancelled' })
  })

  it('keeps a file a day: the next export or the hourly sweep removes older ones', async () => {
    const backdated = async () => {
      const jobId = await exported('csv')
      await t.database.db.execute(
        sql`update jobs set finished_at = now() - interval '25 hours' where id = ${jobId}`,
      )
      return jobId
    }
    const file = async (jobId: string) => {
      const res = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
      return { status: res.status, body: res.status === 200 ? await res.text() : await res.json() }
    }
    const before = await backdated()
    await exported('csv')
    expect(await file(before)).toMatchObject({ status: 410, body: { code: 'export_expired' } })

    const swept = await backdated()
    expect(await file(swept)).toMatchObject({ status: 410, body: { code: 'export_expired' } })
    expect(await t.app.services.files.read(exportFileKey(demo, swept))).toBeDefined()
    await sweepExports(t.database.db, t.app.services.files)
    expect(await file(swept)).toMatchObject({ status: 410, body: { code: 'export_expired' } })
    expect(await t.app.services.files.read(exportFileKey(demo, swept))).toBeUndefined()
  })

  it('exports the lines of a head-wise ledger figure by a job when they are too many at once', async () => {
    const query = { feeHeadId: tuitionId, figure: 'billed' }
    const direct = await asUser(
      t,
      admin,
      'GET',
      `/api/reports/head-ledger-lines/export.csv?${new URLSearchParams(query)}`,
    )
    expect(direct.status).toBe(409)
    expect(await direct.json()).toMatchObject({ code: 'export_needs_job' })
    const res = await start({ report: 'head-ledger-lines', format: 'csv', query })
    expect(res.status, await res.clone().text()).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    await t.app.services.jobs.drain()
    const file = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('head-wise-ledger-billed-')
    const rows = Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, '')).data.filter(
      (r) => r.length > 1,
    )
    expect(rows[0]).toEqual([
      'Date',
      'Document',
      'Reference',
      'Student ID',
      'Student',
      'Class',
      'Amount',
    ])
    const screen = (await (
      await asUser(t, admin, 'GET', `/api/reports/head-ledger/lines?${new URLSearchParams(query)}`)
    ).json()) as { data: { number: string; fullName: string }[] }
    expect(screen.data).toHaveLength(3)
    expect(rows.slice(1).map((r) => [r[2], r[4]])).toEqual(
      screen.data.map((l) => [l.number, l.fullName]),
    )
  })
})
