import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../../shared/schemas/jobs.ts'
import type { DueReport } from '../../../shared/schemas/reports.ts'
import { rowsOf } from '../../db/rows.ts'
import { students } from '../../db/schema/students.ts'
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
  let key = 0

  beforeAll(async () => {
    t = await createTestApp({ reportExportDirectMaxRows: 2 })
    admin = await signIn(t, 'admin', adminPassword)
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
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

  it('keeps a file a day: the next export removes older ones', async () => {
    const jobId = await exported('csv')
    await t.database.db.execute(
      sql`update jobs set finished_at = now() - interval '25 hours' where id = ${jobId}`,
    )
    await exported('csv')
    const res = await asUser(t, admin, 'GET', `/api/reports/exports/${jobId}/file`)
    expect(res.status).toBe(410)
    expect(await res.json()).toMatchObject({ code: 'export_expired' })
  })
})
