import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../../shared/schemas/jobs.ts'
import type { ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { classes, sections, academicSessions } from '../../db/schema/academic.ts'
import { auditLog, roleRules, roles, userRoles } from '../../db/schema/access.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { enrolments, studentImports, students } from '../../db/schema/students.ts'
import { JobError, type JobKind } from '../../lib/jobs/job-kind.ts'
import { JobRunner } from '../../lib/jobs/runner.ts'
import { createLogger } from '../../lib/logger.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addInstitute, addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
import { studentImportJob } from './import-job.ts'
import { createStudent, firstCampusId } from './student-create.ts'

const fixture = readFileSync(
  join(import.meta.dirname, '../../../../tests/fixtures/students-import-mistakes.csv'),
  'utf8',
)

describe('student import', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let instituteId: string
  let sessionId: string
  let elevenId: string
  const sectionIds: Record<string, string> = {}

  const upload = (file: Uint8Array | string, name = 'students.csv', token = admin) => {
    const form = new FormData()
    form.append('file', new File([file], name))
    return t.app.request('/api/students/imports', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
  }
  const preview = async (file: Uint8Array | string, name?: string) => {
    const res = await upload(file, name)
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as ImportPreview
  }
  const refusal = async (file: Uint8Array | string, name?: string) => {
    const res = await upload(file, name)
    expect(res.status).toBe(422)
    return (await res.json()) as { code: string; values?: object; fields: object }
  }
  const confirm = (id: string, key = `key-${id}`) =>
    asUser(t, admin, 'POST', `/api/students/imports/${id}/confirm`, undefined, {
      'Idempotency-Key': key,
    })
  const confirmAndRun = async (id: string) => {
    const res = await confirm(id)
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as ImportPreview
    await t.app.services.jobs.drain()
    return (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
  }
  const enrolledIn = async (name: string) => {
    const [row] = await t.database.db
      .select({
        code: students.studentCode,
        roll: enrolments.roll,
        sectionId: enrolments.sectionId,
      })
      .from(students)
      .innerJoin(enrolments, eq(enrolments.studentId, students.id))
      .where(and(eq(students.fullName, name), eq(enrolments.academicSessionId, sessionId)))
    return row
  }

  beforeAll(async () => {
    const db = t.database.db
    const [institute] = await db.select().from(institutes).orderBy(asc(institutes.createdAt))
    instituteId = institute!.id
    const [session] = await db
      .select()
      .from(academicSessions)
      .where(
        and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.isCurrent, true)),
      )
    sessionId = session!.id
    // A class of its own, so no demo student holds its rolls.
    const [eleven] = await db
      .insert(classes)
      .values({ instituteId, name: 'Eleven', position: 50 })
      .returning()
    elevenId = eleven!.id
    for (const [i, name] of ['A', 'B'].entries()) {
      const [section] = await db
        .insert(sections)
        .values({ instituteId, academicSessionId: sessionId, classId: elevenId, name, position: i })
        .returning()
      sectionIds[name] = section!.id
    }
    const campusId = await firstCampusId(db, instituteId)
    const existing = [
      ['TAKEN-1', 'Existing Person', '2012-01-01', '01711000099', 'A', 20],
      ['EXIST-1', 'Existing Kid', '2012-06-06', '01711000008', 'B', 8],
      ['HOLDER-1', 'Roll Holder', '2012-02-02', '01711000098', 'B', 9],
    ] as const
    for (const [studentCode, fullName, dateOfBirth, guardianPhone, section, roll] of existing) {
      await createStudent(
        db,
        instituteId,
        {
          studentCode,
          fullName,
          dateOfBirth,
          guardianPhone,
          campusId,
          gender: 'male',
          religion: '',
          bloodGroup: '',
          fatherName: '',
          motherName: '',
          guardianName: '',
          guardianRelation: '',
          guardianEmail: '',
          address: '',
        },
        {
          academicSessionId: sessionId,
          classId: elevenId,
          groupId: null,
          sectionId: sectionIds[section]!,
          shiftId: null,
          roll,
        },
        2026,
      )
    }
  })

  it('previews a file with mistakes: every error by column, counts, nothing written', async () => {
    const before = await t.database.db.select({ id: students.id }).from(students)
    const p = await preview(fixture)
    expect(p.counts).toEqual({ total: 11, new: 3, updated: 1, unchanged: 0, invalid: 7 })
    const errors = Object.fromEntries(
      p.rows.filter((r) => r.outcome === 'invalid').map((r) => [r.line, r.errors]),
    )
    expect(errors).toEqual({
      4: { class: [{ code: 'import_unknown_class', values: { name: 'Twenty' } }] },
      5: { roll: [{ code: 'import_duplicate_roll', values: { line: 3 } }] },
      6: { dateOfBirth: [{ code: 'not_a_real_date' }] },
      7: { studentCode: [{ code: 'import_duplicate_student_code', values: { line: 2 } }] },
      8: { studentCode: [{ code: 'student_code_taken' }] },
      11: { roll: [{ code: 'roll_taken', values: { roll: 9 } }] },
      12: { guardianPhone: [{ code: 'phone_shape' }] },
    })
    expect(p.rows.filter((r) => r.outcome !== 'invalid').map((r) => [r.line, r.outcome])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [9, 'updated'],
      [10, 'new'],
    ])
    expect(p.rows.find((r) => r.line === 3)!.values).toMatchObject({
      dateOfBirth: '14.03.2014',
      class: 'Eleven',
    })
    expect(p.columns).toEqual([
      'studentCode',
      'fullName',
      'dateOfBirth',
      'gender',
      'guardianPhone',
      'class',
      'section',
      'roll',
    ])
    expect(await t.database.db.select({ id: students.id }).from(students)).toHaveLength(
      before.length,
    )
    // A file with mistakes is corrected and uploaded again, not imported in part.
    const refused = await confirm(p.id)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'import_has_errors', values: { count: 7 } })
    // The preview can be read again, by its id.
    const again = await asUser(t, admin, 'GET', `/api/students/imports/${p.id}`)
    expect(((await again.json()) as ImportPreview).counts).toEqual(p.counts)
  })

  it('imports the corrected file once confirmed; the same file again changes nothing', async () => {
    const fixed = fixture
      .split('\n')
      .filter((_, i) => [0, 1, 2, 8, 9].includes(i))
      .join('\n')
    const p = await preview(fixed)
    expect(p.counts).toEqual({ total: 4, new: 3, updated: 1, unchanged: 0, invalid: 0 })
    const job = await confirmAndRun(p.id)
    expect(job).toMatchObject({
      status: 'succeeded',
      result: { created: 3, updated: 1, unchanged: 0 },
    })
    expect(await enrolledIn('Rahim Uddin')).toEqual({
      code: 'S-1001',
      roll: 1,
      sectionId: sectionIds.A,
    })
    expect(await enrolledIn('Existing Kid')).toMatchObject({ code: 'EXIST-1', roll: 4 })
    const nameless = await enrolledIn('Nameless Code')
    expect(nameless).toMatchObject({ roll: 5, sectionId: sectionIds.B })
    expect(nameless!.code).toMatch(/^\d{8}$/)
    const [karim] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.studentCode, 'S-1002'))
    expect(karim).toMatchObject({ dateOfBirth: '2014-03-14', gender: 'male' })
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import'), eq(auditLog.entityId, p.id)))
    expect(audited).toMatchObject({
      area: 'institutes',
      entity: 'student_import',
      after: { counts: { new: 3, updated: 1, unchanged: 0, invalid: 0 } },
    })

    // Confirming again (a double click, a retry) answers the same job.
    const twice = await confirm(p.id, 'another-key-1')
    expect(((await twice.json()) as ImportPreview).jobId).toBe(job.id)

    const again = await preview(fixed)
    expect(again.counts).toEqual({ total: 4, new: 0, updated: 0, unchanged: 4, invalid: 0 })
    expect(await confirmAndRun(again.id)).toMatchObject({
      status: 'succeeded',
      result: { created: 0, updated: 0, unchanged: 4 },
    })
    expect(await enrolledIn('Nameless Code')).toEqual(nameless)

    // The export of the class is a file the import takes back unchanged.
    const exported = await asUser(t, admin, 'GET', `/api/students/export.csv?classId=${elevenId}`)
    expect(exported.headers.get('content-type')).toContain('text/csv')
    const csv = await exported.text()
    expect(csv).toContain('S-1001,Rahim Uddin,2014-02-01,male')
    const roundTrip = await preview(csv)
    expect(roundTrip.counts).toMatchObject({ total: 6, unchanged: 6, invalid: 0 })
    const xlsx = await asUser(t, admin, 'GET', `/api/students/export.xlsx?classId=${elevenId}`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    expect(book.worksheets[0]!.getRow(1).getCell(2).value).toBe('Full name')
    expect(book.worksheets[0]!.actualRowCount).toBe(7)
  })

  it('resumes an interrupted import from its checkpoint, as if it had never stopped', async () => {
    const lines = ['Full name,Date of birth,Guardian phone,Class,Section,Roll']
    for (let i = 1; i <= 450; i++) {
      lines.push(`Resumed ${i},2015-01-01,0181${String(i).padStart(7, '0')},Eleven,A,${100 + i}`)
    }
    const p = await preview(lines.join('\n'))
    expect(p.counts).toMatchObject({ new: 450, invalid: 0 })
    const res = await confirm(p.id)
    const { jobId } = (await res.json()) as ImportPreview

    // A runner whose second batch fails after writing its rows: that batch is rolled back.
    let steps = 0
    const flaky: JobKind<{ importId: string }, unknown, unknown> = {
      ...studentImportJob,
      run: (ctx) =>
        studentImportJob.run({
          jobId: ctx.jobId,
          instituteId: ctx.instituteId,
          createdBy: ctx.createdBy,
          params: ctx.params,
          attempt: ctx.attempt,
          checkpoint: undefined,
          isCancelled: () => ctx.isCancelled(),
          step: (batch) =>
            ctx.step(async (tx) => {
              const out = await batch(tx)
              if (++steps === 2) throw new Error('the process died half-way')
              return out
            }) as never,
        }),
    }
    const crashing = new JobRunner(t.database.db, createLogger('silent'), {
      workerId: 'crashing',
      backoffMs: () => 0,
    })
    crashing.register(flaky)
    expect(await crashing.runOnce()).toBe(true)
    const halfWay = (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
    expect(halfWay).toMatchObject({ status: 'queued', progress: { done: 200, total: 450 } })
    const written = async () =>
      (
        await t.database.db
          .select({ code: students.studentCode, name: students.fullName, roll: enrolments.roll })
          .from(students)
          .innerJoin(enrolments, eq(enrolments.studentId, students.id))
          .where(
            and(
              eq(students.instituteId, instituteId),
              inArray(
                students.fullName,
                Array.from({ length: 450 }, (_, i) => `Resumed ${i + 1}`),
              ),
            ),
          )
          .orderBy(asc(enrolments.roll))
      ).map((r) => ({ ...r, number: Number(r.code.slice(4)) }))
    expect(await written()).toHaveLength(200)

    await t.app.services.jobs.drain()
    const done = (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
    expect(done).toMatchObject({
      status: 'succeeded',
      result: { created: 450, updated: 0, unchanged: 0 },
    })
    // What an uninterrupted run writes: each row once, in file order, with consecutive IDs.
    const rows = await written()
    expect(rows.map((r) => [r.name, r.roll])).toEqual(
      Array.from({ length: 450 }, (_, i) => [`Resumed ${i + 1}`, 101 + i]),
    )
    const first = rows[0]!.number
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 450 }, (_, i) => first + i))
  })

  it('goes on with a failed import from where it stopped, when confirmed again', async () => {
    const lines = ['Full name,Guardian phone,Class,Section']
    for (let i = 1; i <= 250; i++)
      lines.push(`Again ${i},0191${String(i).padStart(7, '0')},Eleven,B`)
    const p = await preview(lines.join('\n'))
    const { jobId } = (await (await confirm(p.id)).json()) as ImportPreview
    // Its second batch is refused for good: the job fails with the first batch written.
    let steps = 0
    const refusing = new JobRunner(t.database.db, createLogger('silent'), { workerId: 'refusing' })
    refusing.register({
      ...studentImportJob,
      run: (ctx) =>
        studentImportJob.run({
          ...ctx,
          checkpoint: undefined,
          params: ctx.params,
          step: (batch) => {
            if (++steps === 2) throw new JobError('import_conflict', { from: 202, to: 251 })
            return ctx.step(batch) as never
          },
        }),
    })
    await refusing.runOnce()
    const failed = (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'import_conflict' } })
    const resumed = await confirm(p.id, 'resume-key-1')
    const next = ((await resumed.json()) as ImportPreview).jobId!
    expect(next).not.toBe(jobId)
    await t.app.services.jobs.drain()
    const done = (await (await asUser(t, admin, 'GET', `/api/jobs/${next}`)).json()) as Job
    expect(done).toMatchObject({
      status: 'succeeded',
      result: { created: 250, updated: 0, unchanged: 0 },
    })
  })

  it('reads Excel files, other languages’ headings, Windows-1252 and UTF-8 with a BOM', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Schüler')
    sheet.addRow([
      'Vollständiger Name',
      'Geburtsdatum',
      'Telefon des Erziehungsberechtigten',
      'Klasse',
    ])
    sheet.addRow(['Jürgen Excel', new Date(Date.UTC(2014, 4, 9)), 1711000111, 'eleven'])
    const p = await preview(new Uint8Array(await book.xlsx.writeBuffer()), 'list.bin')
    expect(p.counts).toMatchObject({ new: 1, invalid: 0 })
    expect(p.rows[0]!.values).toEqual({
      fullName: 'Jürgen Excel',
      dateOfBirth: '2014-05-09',
      guardianPhone: '1711000111',
      class: 'eleven',
    })

    const latin = Uint8Array.from(
      [...'Full name,Guardian phone,Class\nJosé Müller,01711000222,Eleven\n'].map((ch) =>
        ch.charCodeAt(0),
      ),
    )
    expect((await preview(latin)).rows[0]!.values.fullName).toBe('José Müller')
    const bom = `\uFEFFNom complet;Téléphone du tuteur;Classe\nÉlodie Bom;01711000333;Eleven\n`
    expect((await preview(bom, 'x.txt')).rows[0]!.values).toEqual({
      fullName: 'Élodie Bom',
      guardianPhone: '01711000333',
      class: 'Eleven',
    })
  })

  it('reads dates as the institute writes them, in a CSV and in an Excel text cell alike', async () => {
    const rows = [
      ['Date Bangla', '১৪/০৩/২০১৪'],
      ['Date Slashed', '2014/3/15'],
      ['Date Spaced', '16 / 3 / 2014'],
      ['Date Unambiguous', '03/17/2014'],
      ['Date Either Way', '04/03/2014'],
    ]
    const csv = [
      'Full name,Date of birth,Guardian phone,Class',
      ...rows.map(([name, day], i) => `${name},${day},0171100090${i},Eleven`),
    ].join('\n')
    const send = async (file: Uint8Array | string, query: string) => {
      const form = new FormData()
      form.append('file', new File([file], 'dates.csv'))
      const res = await t.app.request(`/api/students/imports${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}` },
        body: form,
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as ImportPreview
    }
    const p = await send(csv, '?dateOrder=mdy')
    expect(p.counts).toMatchObject({ new: 5, invalid: 0 })
    expect(await confirmAndRun(p.id)).toMatchObject({ status: 'succeeded' })
    const born = await t.database.db
      .select({ name: students.fullName, dateOfBirth: students.dateOfBirth })
      .from(students)
      .where(
        inArray(
          students.fullName,
          rows.map(([name]) => name!),
        ),
      )
    expect(Object.fromEntries(born.map((b) => [b.name, b.dateOfBirth]))).toEqual({
      'Date Bangla': '2014-03-14',
      'Date Slashed': '2014-03-15',
      'Date Spaced': '2014-03-16',
      'Date Unambiguous': '2014-03-17',
      // Read either way: the uploader's order, month first here.
      'Date Either Way': '2014-04-03',
    })

    // Day first unless told; a day that does not exist is refused, as in an Excel text cell.
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Dates')
    sheet.addRow(['Full name', 'Date of birth', 'Guardian phone', 'Class'])
    sheet.addRow(['Date Excel Text', '05.03.2014', '01711000911', 'Eleven'])
    sheet.addRow(['Date No Such Day', '31.02.2014', '01711000912', 'Eleven'])
    const xlsx = await send(new Uint8Array(await book.xlsx.writeBuffer()), '')
    expect(xlsx.rows.map((r) => [r.values.fullName, r.outcome, r.errors])).toEqual([
      ['Date No Such Day', 'invalid', { dateOfBirth: [{ code: 'not_a_real_date' }] }],
      ['Date Excel Text', 'new', {}],
    ])
    const unknown = await t.app.request('/api/students/imports?dateOrder=ydm', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
    })
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({
      fields: { dateOrder: [{ code: 'invalid_value' }] },
    })
  })

  it('refuses files it cannot take, each with a clear code', async () => {
    const codeOf = async (file: Uint8Array | string, name?: string) => {
      const body = await refusal(file, name)
      return [body.code, body.values]
    }
    expect(await codeOf('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'students.csv')).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([1, 2, 0, 0, 7, 8, 9]))).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2, 3]), 'x.xlsx')).toEqual([
      'import_file_damaged',
      undefined,
    ])
    expect(await codeOf('')).toEqual(['import_file_empty', undefined])
    expect(await codeOf('\n \n')).toEqual(['import_file_empty', undefined])
    expect(await codeOf('Full name,Guardian phone,Class\n,,\n')).toEqual([
      'import_no_rows',
      undefined,
    ])
    expect(await codeOf('Full name,Guardian phone,Class,Nickname\na,01711000000,One,x')).toEqual([
      'import_unknown_columns',
      { columns: 'Nickname' },
    ])
    expect(await codeOf('Full name,Class\na,One')).toEqual([
      'import_missing_columns',
      { columns: 'Guardian phone' },
    ])
    expect(await codeOf('Full name,Name,Guardian phone,Class\na,b,1,One')).toEqual([
      'import_duplicate_column',
      { column: 'Full name' },
    ])
    const many = (n: number) =>
      'Full name,Guardian phone,Class\n' + 'A B,01711000000,One\n'.repeat(n)
    expect(await codeOf(many(100_000))).toEqual(['import_too_many_rows', { max: 20_000 }])
    expect(await codeOf(many(20_001))).toEqual(['import_too_many_rows', { max: 20_000 }])

    const withFormula = new ExcelJS.Workbook()
    const f = withFormula.addWorksheet('Students')
    f.addRow(['Full name', 'Guardian phone', 'Class'])
    f.addRow(['A B', { formula: '"0171"&"1000000"', result: '01711000000' }, 'One'])
    expect(await codeOf(new Uint8Array(await withFormula.xlsx.writeBuffer()))).toEqual([
      'import_formula_cells',
      { cell: 'B2' },
    ])
    const merged = new ExcelJS.Workbook()
    const m = merged.addWorksheet('Students')
    m.addRow(['Full name', '', 'Guardian phone', 'Class'])
    m.addRow(['A', 'B', '01711000000', 'One'])
    m.mergeCells('A1:B1')
    expect(await codeOf(new Uint8Array(await merged.xlsx.writeBuffer()))).toEqual([
      'import_merged_header',
      { cells: 'A1:B1' },
    ])

    const noFile = await asUser(t, admin, 'POST', '/api/students/imports', { file: 'x' })
    expect(noFile.status).toBe(422)
    expect(await noFile.json()).toMatchObject({ code: 'import_file_missing' })
    const huge = await upload('x'.repeat(17 * 1024 * 1024))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ code: 'import_file_too_large', values: { max: 16 } })
  })

  it('offers the template, which imports as it is', async () => {
    const csv = await asUser(t, admin, 'GET', '/api/students/import-template.csv')
    expect(csv.status).toBe(200)
    const text = await csv.text()
    const year = new Date().getUTCFullYear()
    expect(text.split('\r\n')[0]).toBe(
      "Student ID,Full name,Date of birth,Gender,Religion,Blood group,Father's name," +
        "Mother's name,Guardian name,Guardian relation,Guardian phone,Guardian email,Address," +
        'Campus,Session,Class,Group,Section,Shift,Roll',
    )
    expect(text).toContain(`,MAIN,${year},Play,,A,,`)
    expect((await preview(text)).counts).toMatchObject({ total: 1, new: 1, invalid: 0 })
    const xlsx = await asUser(t, admin, 'GET', '/api/students/import-template.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe('Ayesha Rahman')
  })

  it('refuses those without the permission, and another institute’s upload', async () => {
    const p = await preview(fixture)
    const [reader] = await t.database.db
      .insert(roles)
      .values({ instituteId, name: 'student reader', homeRoute: '/dashboard' })
      .returning()
    await t.database.db
      .insert(roleRules)
      .values({ roleId: reader!.id, action: 'read', subject: 'students' })
    const user = await addUser(t, { username: 'reader', password: 'reader-pass-1' })
    await t.database.db.insert(userRoles).values({ userId: user.id, roleId: reader!.id })
    const token = await signIn(t, 'reader', 'reader-pass-1')
    expect((await upload(fixture, 'a.csv', token)).status).toBe(403)
    expect(
      (
        await asUser(t, token, 'POST', `/api/students/imports/${p.id}/confirm`, undefined, {
          'Idempotency-Key': 'reader-key-1',
        })
      ).status,
    ).toBe(403)
    expect((await asUser(t, token, 'GET', `/api/students/imports/${p.id}`)).status).toBe(200)
    expect((await asUser(t, token, 'GET', '/api/students/export.csv')).status).toBe(200)

    await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-admin-pass')
    expect((await asUser(t, other, 'GET', `/api/students/imports/${p.id}`)).status).toBe(404)
    const foreign = await asUser(
      t,
      other,
      'POST',
      `/api/students/imports/${p.id}/confirm`,
      undefined,
      {
        'Idempotency-Key': 'other-key-1',
      },
    )
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toMatchObject({ code: 'import_not_found' })
    const theirs = await (await asUser(t, other, 'GET', '/api/students/export.csv')).text()
    expect(theirs).not.toContain('Rahim Uddin')
  })

  it('keeps an upload a day, then forgets it at the institute’s next upload unless its job is still to run', async () => {
    const template = await (
      await asUser(t, admin, 'GET', '/api/students/import-template.csv')
    ).text()
    const idle = await preview(template)
    const recent = await preview(template)
    const waiting = await preview(template)
    expect((await confirm(waiting.id)).status).toBe(202)
    const elsewhere = await addInstitute(t, 'imports-elsewhere')
    const [theirs] = await t.database.db
      .insert(studentImports)
      .values({
        instituteId: elsewhere.id,
        fileName: 'theirs.csv',
        fileSha256: '0'.repeat(64),
        columns: [],
        rows: [],
        preview: { counts: {}, rows: [] },
      })
      .returning()
    const old = [idle.id, waiting.id, theirs!.id]
    await t.database.db
      .update(studentImports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(studentImports.id, old))
    await t.database.db
      .update(studentImports)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(eq(studentImports.id, recent.id))
    const kept = async () =>
      (await t.database.db.select({ id: studentImports.id }).from(studentImports)).map((r) => r.id)
    // Past its day, an upload no job took is gone for the user at once.
    const read = async (id: string) =>
      (await asUser(t, admin, 'GET', `/api/students/imports/${id}`)).status
    expect(await read(idle.id)).toBe(404)
    expect(await read(recent.id)).toBe(200)
    expect(await read(waiting.id)).toBe(200)

    const fresh = await preview(template)
    expect(await kept()).toEqual(
      expect.arrayContaining([recent.id, waiting.id, theirs!.id, fresh.id]),
    )
    expect(await kept()).not.toContain(idle.id)
    expect((await asUser(t, admin, 'GET', `/api/students/imports/${idle.id}`)).status).toBe(404)

    // Once its job has run, the old upload goes too.
    await t.app.services.jobs.drain()
    await preview(template)
    expect(await kept()).not.toContain(waiting.id)
    expect(await kept()).toContain(theirs!.id)
  })
})
