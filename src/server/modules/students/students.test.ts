import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type {
  Enrolment,
  Student,
  StudentCreated,
  StudentPage,
} from '../../../shared/schemas/students.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { auditLog } from '../../db/schema/access.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { demoInstituteId, signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

const path = '/api/students'

describe('students', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  /** The demo's current session, its classes by name, their sections by "Class-A". */
  const ids = {
    session: '',
    lastSession: '',
    campus: '',
    north: '',
    classes: {} as Record<string, string>,
    sections: {} as Record<string, string>,
  }
  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(t)
    const sessions = await db
      .select()
      .from(academicSessions)
      .where(eq(academicSessions.instituteId, instituteId))
    const current = sessions.find((s) => s.isCurrent)!
    ids.session = current.id
    ids.lastSession = sessions.find((s) => Number(s.name) === Number(current.name) - 1)!.id
    const campusRows = await db.select().from(campuses).where(eq(campuses.instituteId, instituteId))
    ids.campus = campusRows.find((c) => c.code === 'MAIN')!.id
    ids.north = campusRows.find((c) => c.code === 'UTTARA')!.id
    for (const c of await db.select().from(classes).where(eq(classes.instituteId, instituteId)))
      ids.classes[c.name] = c.id
    const sectionRows = await db
      .select({ id: sections.id, name: sections.name, klass: classes.name })
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .where(eq(sections.academicSessionId, current.id))
    for (const s of sectionRows) ids.sections[`${s.klass}-${s.name}`] = s.id
  })

  const student = (o: { name: string; phone: string; klass?: string; section?: string }) => ({
    fullName: o.name,
    guardianName: 'Guardian of test',
    guardianPhone: o.phone,
    campusId: ids.campus,
    enrolment: {
      academicSessionId: ids.session,
      classId: ids.classes[o.klass ?? 'Seven']!,
      sectionId: ids.sections[`${o.klass ?? 'Seven'}-${o.section ?? 'A'}`]!,
    },
  })
  const create = (body: object, headers: Record<string, string> = {}) =>
    asUser(t, admin, 'POST', path, body, headers)
  const created = async (body: object) => {
    const res = await create(body)
    expect(res.status).toBe(201)
    return (await res.json()) as StudentCreated
  }
  const search = async (query: string) => {
    const res = await asUser(t, admin, 'GET', `${path}?${query}`)
    expect(res.status).toBe(200)
    return (await res.json()) as StudentPage
  }
  const profile = async (id: string) =>
    (await (await asUser(t, admin, 'GET', `${path}/${id}`)).json()) as Student
  const fieldsOf = async (res: Response) =>
    ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields

  it('creates a student with the next ID of the session’s year and the next roll, audited', async () => {
    const year = (
      await t.database.db
        .select({ name: academicSessions.name })
        .from(academicSessions)
        .where(eq(academicSessions.id, ids.session))
    )[0]!.name
    const first = await created({
      ...student({ name: 'Zarif Testbhuiyan', phone: '01555-000101' }),
      enrolment: { ...student({ name: '', phone: '' }).enrolment, roll: 71 },
    })
    expect(first.studentCode).toMatch(new RegExp(`^${year}\\d{4}$`))
    expect(first.roll).toBe(71)
    const second = await created(student({ name: 'Zara Testbhuiyan', phone: '+880 1555 000101' }))
    expect(second.roll).toBe(72)
    expect(Number(second.studentCode)).toBe(Number(first.studentCode) + 1)

    const read = await profile(first.id)
    expect(read).toMatchObject({
      fullName: 'Zarif Testbhuiyan',
      guardianPhone: '01555-000101',
      status: 'active',
      campusName: 'Main campus, Dhanmondi',
      enrolments: [
        { academicSessionId: ids.session, className: 'Seven', sectionName: 'A', roll: 71 },
      ],
      family: [
        { id: second.id, fullName: 'Zara Testbhuiyan', className: 'Seven', sectionName: 'A' },
      ],
    })
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, first.id)))
    expect(row).toMatchObject({
      area: 'institutes',
      action: 'create',
      after: { fullName: 'Zarif Testbhuiyan', studentCode: first.studentCode },
    })
  })

  it('creates one student for a double submit under one Idempotency-Key', async () => {
    const body = student({ name: 'Idris Twiceclick', phone: '01555000202' })
    const key = { 'Idempotency-Key': 'student-key-0001' }
    const [a, b] = await Promise.all([create(body, key), create(body, key)])
    expect([a.status, b.status]).toEqual([201, 201])
    const [one, two] = [(await a.json()) as StudentCreated, (await b.json()) as StudentCreated]
    expect(two).toEqual(one)
    expect((await create(body, key)).status).toBe(201)
    expect((await search('q=Twiceclick')).total).toBe(1)
    const other = await create({ ...body, fullName: 'Someone Else' }, key)
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ code: 'idempotency_conflict' })
  })

  it('refuses bad input with a 422 naming the field', async () => {
    const base = student({ name: 'Valid Name', phone: '01555000303' })
    const elsewhere = '00000000-0000-4000-8000-000000000000'
    const cases: [object, string, string][] = [
      [{ ...base, fullName: '' }, 'fullName', 'student_name_required'],
      [{ ...base, guardianPhone: '' }, 'guardianPhone', 'guardian_phone_required'],
      [{ ...base, studentCode: 'no spaces' }, 'studentCode', 'student_code_shape'],
      [{ ...base, campusId: elsewhere }, 'campusId', 'unknown_structure_item'],
      [
        { ...base, enrolment: { ...base.enrolment, classId: elsewhere } },
        'enrolment.classId',
        'unknown_structure_item',
      ],
      [
        { ...base, enrolment: { ...base.enrolment, sectionId: ids.sections['Eight-A'] } },
        'enrolment.sectionId',
        'section_not_of_class',
      ],
      [{ ...base, enrolment: { ...base.enrolment, roll: 0 } }, 'enrolment.roll', 'roll_positive'],
    ]
    for (const [body, field, code] of cases) {
      const res = await create(body)
      expect(res.status, field).toBe(422)
      const fields = await fieldsOf(res)
      // An unknown class also leaves its section without a class to fit.
      expect(Object.keys(fields)[0], field).toBe(field)
      expect(fields[field]![0]!.code, field).toBe(code)
    }
    const query = await asUser(t, admin, 'GET', `${path}?status=gone`)
    expect(query.status).toBe(422)
    expect(Object.keys(await fieldsOf(query))).toEqual(['status'])
  })

  it('refuses a student ID or a roll already taken with a 409 naming the field', async () => {
    const a = await created({
      ...student({ name: 'Collision One', phone: '01555000404' }),
      studentCode: 'TEST-0404',
    })
    const sameCode = await create({
      ...student({ name: 'Collision Two', phone: '01555000405' }),
      studentCode: 'TEST-0404',
    })
    expect(sameCode.status).toBe(409)
    expect(await fieldsOf(sameCode)).toEqual({ studentCode: [{ code: 'student_code_taken' }] })
    const sameRoll = await create({
      ...student({ name: 'Collision Three', phone: '01555000406' }),
      enrolment: { ...student({ name: '', phone: '' }).enrolment, roll: a.roll },
    })
    expect(sameRoll.status).toBe(409)
    expect(await fieldsOf(sameRoll)).toEqual({
      'enrolment.roll': [{ code: 'roll_taken', values: { roll: a.roll } }],
    })
    const b = await created(student({ name: 'Collision Four', phone: '01555000407' }))
    const patched = await asUser(t, admin, 'PATCH', `${path}/${b.id}`, { studentCode: 'TEST-0404' })
    expect(patched.status).toBe(409)
    expect(await fieldsOf(patched)).toEqual({ studentCode: [{ code: 'student_code_taken' }] })
    const enrolmentId = (await profile(b.id)).enrolments[0]!.id
    const moved = await asUser(t, admin, 'PATCH', `${path}/${b.id}/enrolments/${enrolmentId}`, {
      roll: a.roll,
    })
    expect(moved.status).toBe(409)
    expect(await fieldsOf(moved)).toEqual({
      roll: [{ code: 'roll_taken', values: { roll: a.roll } }],
    })
  })

  it('edits a student and audits only what changed', async () => {
    const s = await created(student({ name: 'Edit Me', phone: '01555000505' }))
    const res = await asUser(t, admin, 'PATCH', `${path}/${s.id}`, {
      fullName: 'Edited Name',
      campusId: ids.north,
      guardianPhone: '01555000505',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      fullName: 'Edited Name',
      campusName: 'North campus, Uttara',
    })
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.action, 'update')))
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { fullName: 'Edit Me', campusId: ids.campus },
        { fullName: 'Edited Name', campusId: ids.north },
      ],
    ])
    const bad = await asUser(t, admin, 'PATCH', `${path}/${s.id}`, { guardianEmail: 'nope' })
    expect(bad.status).toBe(422)
    expect(Object.keys(await fieldsOf(bad))).toEqual(['guardianEmail'])
  })

  it('marks a student left, graduated and active again, audited', async () => {
    const s = await created(student({ name: 'Status Student', phone: '01555000606' }))
    const status = (body: object) => asUser(t, admin, 'POST', `${path}/${s.id}/status`, body)
    const noReason = await status({ status: 'left', on: '2026-03-01' })
    expect(noReason.status).toBe(422)
    expect(Object.keys(await fieldsOf(noReason))).toEqual(['reason'])
    const left = await status({ status: 'left', on: '2026-03-01', reason: 'Moved to Chattogram' })
    expect(await left.json()).toMatchObject({
      status: 'left',
      statusOn: '2026-03-01',
      statusReason: 'Moved to Chattogram',
      enrolments: [{ outcome: 'left' }],
    })
    const graduated = await status({ status: 'graduated', on: '2026-12-01' })
    expect(await graduated.json()).toMatchObject({
      status: 'graduated',
      statusReason: '',
      enrolments: [{ outcome: 'graduated' }],
    })
    const back = await status({ status: 'active' })
    expect(await back.json()).toMatchObject({
      status: 'active',
      statusOn: null,
      enrolments: [{ outcome: null }],
    })
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, s.id))
    expect(actions.map((a) => a.action)).toEqual(['create', 'mark_left', 'graduate', 'reactivate'])
    expect((await search('q=Status Student&status=active')).total).toBe(1)
    expect((await search('q=Status Student&status=left')).total).toBe(0)
  })

  it('changes an enrolment’s section and roll; the section must fit the class', async () => {
    const s = await created(student({ name: 'Mover Student', phone: '01555000707' }))
    const enrolmentId = (await profile(s.id)).enrolments[0]!.id
    const url = `${path}/${s.id}/enrolments/${enrolmentId}`
    const res = await asUser(t, admin, 'PATCH', url, {
      sectionId: ids.sections['Seven-B'],
      roll: 88,
    })
    expect(res.status).toBe(200)
    expect((await res.json()) as Enrolment).toMatchObject({ sectionName: 'B', roll: 88 })
    const wrong = await asUser(t, admin, 'PATCH', url, { sectionId: ids.sections['Six-A'] })
    expect(wrong.status).toBe(422)
    expect(await fieldsOf(wrong)).toEqual({ sectionId: [{ code: 'section_not_of_class' }] })
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'enrolment'), eq(auditLog.entityId, enrolmentId)))
    expect(row).toMatchObject({ action: 'update', after: { roll: 88 } })
    const next = await asUser(
      t,
      admin,
      'GET',
      `${path}/next-roll?academicSessionId=${ids.session}&classId=${ids.classes.Seven}&sectionId=${ids.sections['Seven-B']}`,
    )
    expect(await next.json()).toEqual({ roll: 89 })
    const unknown = await asUser(t, admin, 'PATCH', `${path}/${s.id}/enrolments/${s.id}`, {
      roll: 3,
    })
    expect(unknown.status).toBe(404)
  })

  it('finds students by name, student ID, guardian phone however written, and roll', async () => {
    const nadia = await created({
      ...student({ name: 'Nadia Quasemtest Chowdhury', phone: '+880 1555-123456', klass: 'Six' }),
      studentCode: 'QZ-990001',
      enrolment: { ...student({ name: '', phone: '', klass: 'Six' }).enrolment, roll: 61 },
    })
    const brother = await created(
      student({ name: 'Tanvir Quasemtest Chowdhury', phone: '01555123456', klass: 'Eight' }),
    )
    const names = async (q: string, extra = '') =>
      (await search(`q=${encodeURIComponent(q)}${extra}`)).data.map((s) => s.fullName).sort()
    const both = ['Nadia Quasemtest Chowdhury', 'Tanvir Quasemtest Chowdhury']
    expect(await names('quasemtest')).toEqual(both)
    expect(await names('chowdhury QUASEM')).toEqual(both)
    expect(await names('nadia quasem')).toEqual([both[0]])
    expect(await names('qz-99')).toEqual([both[0]])
    expect(await names('01555-123456')).toEqual(both)
    expect(await names('+8801555123456')).toEqual(both)
    expect(await names('555123')).toEqual(both)
    expect(await names('6-A-61')).toEqual([both[0]])
    expect(await names('Six-a-61')).toEqual([both[0]])
    expect(await names('61', `&classId=${ids.classes.Six}`)).toEqual([both[0]])
    expect(await names('quasemtest', `&classId=${ids.classes.Eight}`)).toEqual([both[1]])

    const page = await search(`q=quasemtest&sortBy=fullName&sortDesc=true&perPage=1`)
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 1 })
    expect(page.data[0]).toMatchObject({
      id: brother.id,
      campusName: 'Main campus, Dhanmondi',
      enrolment: { className: 'Eight', sectionName: 'A', academicSessionId: ids.session },
    })
    // Another session: listed without an enrolment there, unless a class is asked for.
    const last = await search(`q=quasemtest&academicSessionId=${ids.lastSession}`)
    expect(last.data.map((s) => s.enrolment)).toEqual([null, null])
    expect(
      (await search(`q=quasemtest&academicSessionId=${ids.lastSession}&classId=${ids.classes.Six}`))
        .total,
    ).toBe(0)
    expect((await profile(nadia.id)).family).toMatchObject([
      { id: brother.id, className: 'Eight', sectionName: 'A' },
    ])
  })

  it('keeps other institutes’ students out of reach, and asks for the students permission', async () => {
    const s = await created(student({ name: 'Private Student', phone: '01555000808' }))
    const enrolmentId = (await profile(s.id)).enrolments[0]!.id
    const other = await addUser(t, {
      username: 'other-students-admin',
      password: 'other-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const theirs = await signIn(t, other.username, 'other-pass-1')
    expect((await asUser(t, theirs, 'GET', `${path}/${s.id}`)).status).toBe(404)
    expect((await asUser(t, theirs, 'PATCH', `${path}/${s.id}`, { fullName: 'X' })).status).toBe(
      404,
    )
    expect(
      (await asUser(t, theirs, 'POST', `${path}/${s.id}/status`, { status: 'active' })).status,
    ).toBe(404)
    expect(
      (await asUser(t, theirs, 'PATCH', `${path}/${s.id}/enrolments/${enrolmentId}`, { roll: 5 }))
        .status,
    ).toBe(404)
    const list = (await (await asUser(t, theirs, 'GET', `${path}?q=Private`)).json()) as StudentPage
    expect(list.total).toBe(0)

    const viewer = await signedInAs(t, 'students-viewer', ['viewer'])
    for (const [method, url, body] of [
      ['GET', path],
      ['GET', `${path}/${s.id}`],
      ['POST', path, student({ name: 'X', phone: '01555000809' })],
      ['PATCH', `${path}/${s.id}`, { fullName: 'X' }],
      ['POST', `${path}/${s.id}/status`, { status: 'active' }],
      ['PATCH', `${path}/${s.id}/enrolments/${enrolmentId}`, { roll: 5 }],
      ['GET', `${path}/next-roll?academicSessionId=${ids.session}&classId=${ids.classes.Six}`],
    ] as const) {
      expect((await asUser(t, viewer, method, url, body)).status, `${method} ${url}`).toBe(403)
    }
  })
})
