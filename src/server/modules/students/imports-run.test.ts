import { and, asc, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { Job } from '../../../shared/schemas/jobs.ts'
import type { ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { auditLog, roleRules, roles, userRoles } from '../../db/schema/access.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { JobError, type JobKind } from '../../lib/jobs/job-kind.ts'
import { JobRunner } from '../../lib/jobs/runner.ts'
import { createLogger } from '../../lib/logger.ts'
import {
  importMistakesCsv as fixture,
  studentImportSuite,
  type StudentImportSuite,
} from '../../test-support/student-imports.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
import { studentImportJob } from './import-job.ts'

// Previewing, confirming and running an import, resumed or gone on with, and who may: each test
// goes on from what the ones before imported.
describe('student import', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  let elevenId: string
  let sectionIds: StudentImportSuite['sectionIds']
  let upload: StudentImportSuite['upload']
  let preview: StudentImportSuite['preview']
  let confirm: StudentImportSuite['confirm']
  let confirmAndRun: StudentImportSuite['confirmAndRun']
  let enrolledIn: StudentImportSuite['enrolledIn']
  studentImportSuite(
    (s) =>
      ({
        t,
        admin,
        instituteId,
        elevenId,
        sectionIds,
        upload,
        preview,
        confirm,
        confirmAndRun,
        enrolledIn,
      } = s),
  )

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
          db: ctx.db,
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
})
