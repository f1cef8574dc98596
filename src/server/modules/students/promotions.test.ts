import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AcademicSession, SchoolClass, Section } from '../../../shared/schemas/academic.ts'
import type { Job } from '../../../shared/schemas/jobs.ts'
import type {
  PromotionPreview,
  PromotionRequestInput,
  PromotionResult,
} from '../../../shared/schemas/student-promotion.ts'
import { auditLog, roleRules, roles, userRoles } from '../../db/schema/access.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
import { createStudent, firstCampusId } from './student-create.ts'

describe('promotions', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const post = async <T>(path: string, body: object) => {
    const res = await asUser(t, admin, 'POST', `/api/institutes/${path}`, body)
    expect(res.status, path).toBe(201)
    return (await res.json()) as T
  }
  let y1: AcademicSession
  let y2: AcademicSession
  let one: SchoolClass, two: SchoolClass, three: SchoolClass
  const section: Record<string, Section> = {}
  const id: Record<string, string> = {}

  /** A student of the demo institute, enrolled where the test says. */
  async function enrol(
    name: string,
    session: AcademicSession,
    klass: SchoolClass,
    sectionKey: string | null,
    roll: number,
  ) {
    const db = t.database.db
    const [demo] = await db.select().from(institutes).orderBy(asc(institutes.createdAt)).limit(1)
    const instituteId = demo!.id
    const created = await db.transaction(async (tx) =>
      createStudent(
        tx,
        instituteId,
        {
          studentCode: '',
          fullName: name,
          dateOfBirth: '',
          gender: '',
          religion: '',
          bloodGroup: '',
          fatherName: '',
          motherName: '',
          guardianName: '',
          guardianRelation: '',
          guardianPhone: '01711000000',
          guardianEmail: '',
          address: '',
          campusId: await firstCampusId(tx, instituteId),
        },
        {
          academicSessionId: session.id,
          classId: klass.id,
          groupId: null,
          sectionId: sectionKey ? section[sectionKey]!.id : null,
          shiftId: null,
          roll,
        },
        2061,
      ),
    )
    id[name] = created.id
    return created.id
  }

  const request = (extra: Partial<PromotionRequestInput> = {}): PromotionRequestInput => ({
    fromSessionId: y1.id,
    toSessionId: y2.id,
    classMappings: [
      { fromClassId: one.id, toClassId: two.id },
      { fromClassId: two.id, toClassId: three.id },
      { fromClassId: three.id, toClassId: null },
    ],
    exceptions: [
      { studentId: id.Bela!, action: 'hold_back' },
      { studentId: id.Dipu!, action: 'leave', reason: 'Moved to Chittagong' },
    ],
    ...extra,
  })
  const preview = (body: unknown, token = admin) =>
    asUser(t, token, 'POST', '/api/students/promotions/preview', body)
  const run = (body: unknown, key: string, token = admin) =>
    asUser(t, token, 'POST', '/api/students/promotions', body, { 'Idempotency-Key': key })
  /** Runs the queued jobs and answers the job as the API shows it. */
  async function finished(jobId: string) {
    await t.app.services.jobs.drain()
    return (await (await asUser(t, admin, 'GET', `/api/jobs/${jobId}`)).json()) as Job
  }
  const nextEnrolments = () =>
    t.database.db.select().from(enrolments).where(eq(enrolments.academicSessionId, y2.id))

  beforeAll(async () => {
    y1 = await post('academic-sessions', {
      name: '2061',
      startsOn: '2061-01-01',
      endsOn: '2061-12-31',
    })
    y2 = await post('academic-sessions', {
      name: '2062',
      startsOn: '2062-01-01',
      endsOn: '2062-12-31',
    })
    one = await post('classes', { name: 'P-One' })
    two = await post('classes', { name: 'P-Two' })
    three = await post('classes', { name: 'P-Three' })
    for (const [key, session, klass, name, capacity] of [
      ['1A-61', y1, one, 'A', null],
      ['1B-61', y1, one, 'B', null],
      ['2A-61', y1, two, 'A', null],
      ['3A-61', y1, three, 'A', null],
      ['1A-62', y2, one, 'A', null],
      ['2A-62', y2, two, 'A', 30],
      ['3A-62', y2, three, 'A', 30],
    ] as const) {
      section[key] = await post<Section>('sections', {
        academicSessionId: session.id,
        classId: klass.id,
        name,
        capacity,
      })
    }
    await enrol('Arif', y1, one, '1A-61', 1)
    await enrol('Bela', y1, one, '1A-61', 2)
    await enrol('Chand', y1, one, '1B-61', 1)
    await enrol('Dipu', y1, two, '2A-61', 5)
    await enrol('Emon', y1, two, '2A-61', 1)
    await enrol('Fahim', y1, three, '3A-61', 3)
    // Already in the next session, in the section Arif goes to, with Arif's roll.
    await enrol('Newcomer', y2, two, '2A-62', 1)
  })

  it('previews each class: who goes where with which section and roll, and the counts', async () => {
    const res = await preview(request())
    expect(res.status).toBe(200)
    const body = (await res.json()) as PromotionPreview
    expect(body).toMatchObject({ fromSessionName: '2061', toSessionName: '2062' })
    expect(body.statusOn).toBe('2061-12-31')
    const rows = body.classes.flatMap((c) =>
      c.students.map(
        (s) =>
          `${s.fullName}: ${s.action} ${s.from.className}/${s.from.sectionName}/${s.from.roll} → ${
            s.to ? `${s.to.className}/${s.to.sectionName}/${s.to.roll}` : '-'
          }`,
      ),
    )
    expect(rows).toEqual([
      // Arif's roll 1 is the newcomer's: the next free one. B has no section in 2062.
      'Arif: promote P-One/A/1 → P-Two/A/2',
      'Bela: hold_back P-One/A/2 → P-One/A/2',
      'Chand: promote P-One/B/1 → P-Two/null/1',
      'Emon: promote P-Two/A/1 → P-Three/A/1',
      'Dipu: leave P-Two/A/5 → -',
      'Fahim: graduate P-Three/A/3 → -',
    ])
    expect(body.classes.map((c) => [c.fromClassName, c.toClassName, c.errors])).toEqual([
      ['P-One', 'P-Two', []],
      ['P-Two', 'P-Three', []],
      ['P-Three', null, []],
    ])
    expect(body.totals).toEqual({
      promote: 3,
      hold_back: 1,
      leave: 1,
      graduate: 1,
      already_enrolled: 0,
      not_active: 0,
    })
    expect(body.classes.find((c) => c.fromClassId === two.id)!.students[1]!.reason).toBe(
      'Moved to Chittagong',
    )
    // Without sections, everyone goes to no section.
    const bare = (await (
      await preview(request({ sectionRule: 'none' }))
    ).json()) as PromotionPreview
    expect(bare.classes[0]!.students[0]!.to).toMatchObject({ sectionId: null, roll: 1 })
    // Nothing was written.
    expect((await nextEnrolments()).map((e) => e.studentId)).toEqual([id.Newcomer])
  })

  it('runs as a job, once per key, and a second run changes nothing', async () => {
    const started = await run(request(), 'promotion-run-1')
    expect(started.status).toBe(202)
    const { jobId } = (await started.json()) as { jobId: string }
    // A retry of the same request answers the same job.
    const retried = await run(request(), 'promotion-run-1')
    expect(retried.status).toBe(200)
    expect(await retried.json()).toEqual({ jobId })
    const job = await finished(jobId)
    expect(job).toMatchObject({ kind: 'student-promotion', status: 'succeeded' })
    expect(job.progress).toEqual({ done: 3, total: 3 })
    const result = job.result as PromotionResult
    expect(result.totals).toMatchObject({ promote: 3, hold_back: 1, leave: 1, graduate: 1 })

    const placed = await nextEnrolments()
    const where = (name: string) => {
      const e = placed.find((p) => p.studentId === id[name])
      return e && [e.classId, e.sectionId, e.roll]
    }
    expect(where('Arif')).toEqual([two.id, section['2A-62']!.id, 2])
    expect(where('Bela')).toEqual([one.id, section['1A-62']!.id, 2])
    expect(where('Chand')).toEqual([two.id, null, 1])
    expect(where('Emon')).toEqual([three.id, section['3A-62']!.id, 1])
    expect(where('Dipu')).toBeUndefined()
    expect(where('Fahim')).toBeUndefined()
    const outcomes = await t.database.db
      .select({ studentId: enrolments.studentId, outcome: enrolments.outcome })
      .from(enrolments)
      .where(eq(enrolments.academicSessionId, y1.id))
    expect(Object.fromEntries(outcomes.map((o) => [o.studentId, o.outcome]))).toEqual({
      [id.Arif!]: 'promoted',
      [id.Bela!]: 'held_back',
      [id.Chand!]: 'promoted',
      [id.Dipu!]: 'left',
      [id.Emon!]: 'promoted',
      [id.Fahim!]: 'graduated',
    })
    const [dipu] = await t.database.db.select().from(students).where(eq(students.id, id.Dipu!))
    expect(dipu).toMatchObject({
      status: 'left',
      statusOn: '2061-12-31',
      statusReason: 'Moved to Chittagong',
    })
    const [fahim] = await t.database.db.select().from(students).where(eq(students.id, id.Fahim!))
    expect(fahim).toMatchObject({ status: 'graduated', statusOn: '2061-12-31' })
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promote'), eq(auditLog.entityId, jobId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      entity: 'promotion',
      after: { promote: 3, hold_back: 1, leave: 1, graduate: 1 },
    })

    // The same promotion again, under a new key: every student is enrolled once still.
    const again = await run(request(), 'promotion-run-2')
    const second = await finished(((await again.json()) as { jobId: string }).jobId)
    expect((second.result as PromotionResult).totals).toEqual({
      promote: 0,
      hold_back: 0,
      leave: 0,
      graduate: 0,
      already_enrolled: 4,
      not_active: 2,
    })
    expect(await nextEnrolments()).toHaveLength(placed.length)
    const shown = (await (await preview(request())).json()) as PromotionPreview
    expect(shown.classes[0]!.students[0]).toMatchObject({
      fullName: 'Arif',
      action: 'already_enrolled',
      to: { className: 'P-Two', sectionName: 'A', roll: 2 },
    })
    // The key of the first run with another request is refused.
    const reused = await run(request({ sectionRule: 'none' }), 'promotion-run-1')
    expect(reused.status).toBe(409)
    expect(await reused.json()).toMatchObject({ code: 'job_key_reused' })
  })

  it('leaves a class whose section would overflow as it is, all of it', async () => {
    const four = await post<SchoolClass>('classes', { name: 'P-Four' })
    const five = await post<SchoolClass>('classes', { name: 'P-Five' })
    section['4A-61'] = await post<Section>('sections', {
      academicSessionId: y1.id,
      classId: four.id,
      name: 'A',
    })
    section['5A-62'] = await post<Section>('sections', {
      academicSessionId: y2.id,
      classId: five.id,
      name: 'A',
      capacity: 1,
    })
    await enrol('Gazi', y1, four, '4A-61', 1)
    await enrol('Hena', y1, four, '4A-61', 2)
    const body = {
      fromSessionId: y1.id,
      toSessionId: y2.id,
      classMappings: [{ fromClassId: four.id, toClassId: five.id }],
    }
    const shown = (await (await preview(body)).json()) as PromotionPreview
    expect(shown.classes[0]!.errors).toEqual([
      {
        code: 'promotion_section_full',
        values: { section: 'A', className: 'P-Five', count: 2, capacity: 1 },
      },
    ])
    expect(shown.totals.promote).toBe(0)
    const started = (await (await run(body, 'promotion-full-1')).json()) as { jobId: string }
    const job = await finished(started.jobId)
    expect(job.status).toBe('succeeded')
    expect((job.result as PromotionResult).classes[0]!.errors).toHaveLength(1)
    const placed = await nextEnrolments()
    expect(placed.filter((e) => e.studentId === id.Gazi || e.studentId === id.Hena)).toEqual([])
    // Without sections the class fits.
    const loose = { ...body, sectionRule: 'none' }
    const ok = (await (await run(loose, 'promotion-full-2')).json()) as { jobId: string }
    expect(((await finished(ok.jobId)).result as PromotionResult).totals.promote).toBe(2)
  })

  it('refuses what does not fit, naming the field', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    const fieldsOf = async (body: unknown) => {
      const res = await preview(body)
      expect(res.status).toBe(422)
      return ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields
    }
    expect(
      await fieldsOf(
        request({ classMappings: [{ fromClassId: one.id, toClassId: unknown }], exceptions: [] }),
      ),
    ).toEqual({ 'classMappings.0.toClassId': [{ code: 'unknown_structure_item' }] })
    expect(
      await fieldsOf(
        request({
          classMappings: [
            { fromClassId: one.id, toClassId: two.id },
            { fromClassId: one.id, toClassId: null },
          ],
        }),
      ),
    ).toEqual({ 'classMappings.1.fromClassId': [{ code: 'promotion_listed_twice' }] })
    expect(await fieldsOf(request({ toSessionId: y1.id }))).toEqual({
      toSessionId: [{ code: 'promotion_same_session' }],
    })
    expect(await fieldsOf(request({ fromSessionId: y2.id, toSessionId: y1.id }))).toMatchObject({
      toSessionId: [{ code: 'promotion_session_order', values: { name: '2062' } }],
    })
    expect(
      await fieldsOf(
        request({ exceptions: [{ studentId: id.Arif!, action: 'expel' as 'leave' }] }),
      ),
    ).toEqual({ 'exceptions.0.action': [{ code: 'invalid_value' }] })
    expect(
      await fieldsOf(request({ exceptions: [{ studentId: id.Newcomer!, action: 'hold_back' }] })),
    ).toEqual({ 'exceptions.0.studentId': [{ code: 'promotion_student_unknown' }] })
    expect(await fieldsOf(request({ classMappings: [] }))).toMatchObject({
      classMappings: [{ code: 'promotion_no_class' }],
    })
    // The run refuses the same before any job exists.
    const res = await run(request({ toSessionId: unknown }), 'promotion-bad-1')
    expect(res.status).toBe(422)
    expect((await run(request(), 'short')).status).toBe(400)
  })

  it('shows another institute nothing of this one', async () => {
    await addUser(t, {
      username: 'promo-other',
      password: 'promo-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'promo-other', 'promo-other-pass')
    const res = await preview(request(), other)
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      fields: {
        fromSessionId: [{ code: 'unknown_structure_item' }],
        toSessionId: [{ code: 'unknown_structure_item' }],
      },
    })
    expect((await run(request(), 'promotion-other-1', other)).status).toBe(422)
    const mine = (await (await run(request(), 'promotion-run-3')).json()) as { jobId: string }
    expect((await asUser(t, other, 'GET', `/api/jobs/${mine.jobId}`)).status).toBe(404)
  })

  it('is for those who may change students', async () => {
    const reader = await addUser(t, { username: 'promo-reader', password: 'promo-reader-pass' })
    const [role] = await t.database.db
      .insert(roles)
      .values({ instituteId: reader.instituteId, name: 'student reader', homeRoute: '/dashboard' })
      .returning()
    await t.database.db.insert(roleRules).values({
      roleId: role!.id,
      action: 'read',
      subject: 'students',
    })
    await t.database.db.insert(userRoles).values({ userId: reader.id, roleId: role!.id })
    const token = await signIn(t, 'promo-reader', 'promo-reader-pass')
    expect((await preview(request(), token)).status).toBe(403)
    expect((await run(request(), 'promotion-reader-1', token)).status).toBe(403)
  })
})
