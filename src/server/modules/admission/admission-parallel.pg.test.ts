import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studentCounters, students } from '../../db/schema/students.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  signedInAs,
} from '../../test-support/admission.ts'
import { images, publicAdmissionSuite } from '../../test-support/public-admission.ts'
import { asUser, createTestApp, type TestApp } from '../../test-support/test-app.ts'

/*
 * The admission races of applicants.test.ts and public-attachments.test.ts, on the PostgreSQL
 * server's parallel connections and round after round, where a missing guard would show. An
 * enrolment is guarded twice (the applicant's row lock, and one student per applicant in the
 * schema); uploads of one application take turns on its row lock, without which the test
 * fails (checked by hand).
 */
const rounds = 20

describe('enrolling one applicant from several desks at once (PostgreSQL)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let form: Awaited<ReturnType<typeof insertForm>>
  beforeAll(async () => {
    t = await createTestApp()
    officer = await signedInAs(t, 'officer', ['admission officer'])
    instituteId = await demoInstituteId(t)
    form = await insertForm(t, instituteId, { title: 'Class Six admission 2028' })
  })
  afterAll(() => t.database.close())

  it('makes one student a round and numbers them without gaps', async () => {
    for (let round = 0; round < rounds; round++) {
      const applicant = await insertApplicant(t, form, {
        name: `Round ${round}`,
        status: 'accepted',
      })
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          asUser(t, officer, 'POST', `/api/admission/applicants/${applicant.id}/enrol`, {}),
        ),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
      const made = await t.database.db
        .select()
        .from(students)
        .where(eq(students.applicantId, applicant.id))
      expect(made).toHaveLength(1)
    }
    const codes = (
      await t.database.db
        .select({ code: students.studentCode })
        .from(students)
        .where(and(eq(students.instituteId, instituteId), isNotNull(students.applicantId)))
    ).map((s) => s.code)
    expect(codes).toHaveLength(rounds)
    const [counter] = await t.database.db
      .select()
      .from(studentCounters)
      .where(and(eq(studentCounters.instituteId, instituteId), eq(studentCounters.year, 2028)))
    // The form's session starts in 2028: its codes are 2028 and the next numbers, none skipped.
    expect(codes.map((c) => Number(c.slice(4))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rounds }, (_, i) => counter!.lastNumber - rounds + i + 1),
    )
  })
})

describe('uploading one kind of file several times at once (PostgreSQL)', () => {
  let t: TestApp
  const { api, applied, attachmentRows } = publicAdmissionSuite((s) => ({ t } = s))

  it('keeps one row and one stored file a round', async () => {
    const temporaryId = await applied()
    // Every file the uploads store, to find each one the round's others replaced.
    const stored: string[] = []
    const files = t.app.services.files
    const put = files.put.bind(files)
    files.put = (key, data) => {
      stored.push(key)
      return put(key, data)
    }
    for (let round = 0; round < rounds; round++) {
      stored.length = 0
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          api.upload(
            temporaryId,
            'photo',
            { bytes: images.png(), name: `round-${round}.png` },
            '2015-03-14',
          ),
        ),
      )
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
      const rows = (await attachmentRows(temporaryId)).filter((r) => r.kind === 'photo')
      expect(rows).toHaveLength(1)
      expect(stored).toHaveLength(3)
      for (const key of stored) {
        expect(await files.get(key), key).toEqual(
          key === rows[0]!.storageKey ? expect.anything() : undefined,
        )
      }
    }
  })
})
