// The student-import suites' set-up: the demo admin's app, a class "Eleven" of its own with
// sections A and B in the current session, three students already in it, and the upload,
// confirm and read steps the suites repeat.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import type { Job } from '../../shared/schemas/jobs.ts'
import type { ImportPreview } from '../../shared/schemas/student-imports.ts'
import { academicSessions, classes, sections } from '../db/schema/academic.ts'
import { institutes } from '../db/schema/institutes.ts'
import { enrolments, students } from '../db/schema/students.ts'
import { createStudent, firstCampusId } from '../modules/students/student-create.ts'
import { adminSuite } from './sign-in.ts'
import { asUser, type TestApp } from './test-app.ts'

/** A CSV of students with a mistake of each kind the preview names, and a few good rows. */
export const importMistakesCsv = readFileSync(
  join(import.meta.dirname, '../../../tests/fixtures/students-import-mistakes.csv'),
  'utf8',
)

type Upload = Uint8Array | string

export interface StudentImportSuite {
  t: TestApp
  admin: string
  instituteId: string
  sessionId: string
  /** Class Eleven, and its sections A and B by name. */
  elevenId: string
  sectionIds: Record<string, string>
  /** Uploads a file for preview, as the admin unless a token is given. */
  upload: (file: Upload, name?: string, token?: string) => ReturnType<TestApp['app']['request']>
  /** The preview of an upload that must be taken. */
  preview: (file: Upload, name?: string) => Promise<ImportPreview>
  /** The refusal of an upload that must be refused. */
  refusal: (
    file: Upload,
    name?: string,
  ) => Promise<{ code: string; values?: object; fields: object }>
  /** Confirms a preview, under an Idempotency-Key of its own unless one is given. */
  confirm: (id: string, key?: string) => ReturnType<typeof asUser>
  /** Confirms a preview and runs its job to the end, answering the job. */
  confirmAndRun: (id: string) => Promise<Job>
  /** The code, roll and section of the student of that name in the current session. */
  enrolledIn: (
    name: string,
  ) => Promise<{ code: string; roll: number | null; sectionId: string | null } | undefined>
}

/** Registers the hooks of a student-import suite: `studentImportSuite((s) => ({ t } = s))`. */
export function studentImportSuite(ready: (suite: StudentImportSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const db = t.database.db
    const [institute] = await db.select().from(institutes).orderBy(asc(institutes.createdAt))
    const instituteId = institute!.id
    const [session] = await db
      .select()
      .from(academicSessions)
      .where(
        and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.isCurrent, true)),
      )
    const sessionId = session!.id
    // A class of its own, so no demo student holds its rolls.
    const [eleven] = await db
      .insert(classes)
      .values({ instituteId, name: 'Eleven', position: 50 })
      .returning()
    const elevenId = eleven!.id
    const sectionIds: Record<string, string> = {}
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

    const upload = (file: Upload, name = 'students.csv', token = admin) => {
      const form = new FormData()
      form.append('file', new File([file], name))
      return t.app.request('/api/students/imports', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      })
    }
    const confirm = (id: string, key = `key-${id}`) =>
      asUser(t, admin, 'POST', `/api/students/imports/${id}/confirm`, undefined, {
        'Idempotency-Key': key,
      })
    ready({
      t,
      admin,
      instituteId,
      sessionId,
      elevenId,
      sectionIds,
      upload,
      preview: async (file, name) => {
        const res = await upload(file, name)
        expect(res.status, await res.clone().text()).toBe(201)
        return (await res.json()) as ImportPreview
      },
      refusal: async (file, name) => {
        const res = await upload(file, name)
        expect(res.status).toBe(422)
        return (await res.json()) as { code: string; values?: object; fields: object }
      },
      confirm,
      confirmAndRun: async (id) => {
        const res = await confirm(id)
        expect(res.status).toBe(202)
        const { jobId } = (await res.json()) as ImportPreview
        await t.app.services.jobs.drain()
        return (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
      },
      enrolledIn: async (name) => {
        const [row] = await db
          .select({
            code: students.studentCode,
            roll: enrolments.roll,
            sectionId: enrolments.sectionId,
          })
          .from(students)
          .innerJoin(enrolments, eq(enrolments.studentId, students.id))
          .where(and(eq(students.fullName, name), eq(enrolments.academicSessionId, sessionId)))
        return row
      },
    })
  })
}
