import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Applicant, ApplicantSummary } from '../../../shared/schemas/admission-applicants.ts'
import { auditLog } from '../../db/schema/access.ts'
import { applicantAttachments } from '../../db/schema/admission.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { enrolments, studentCounters, students } from '../../db/schema/students.ts'
import type { EnrolmentProposal } from '../../../shared/schemas/students.ts'
import { todayIn } from '../../lib/today.ts'
import {
  addInstitute,
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  placementIn,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'

type ApplicantList = { data: ApplicantSummary[]; total: number; page: number; perPage: number }
const base = '/api/admission/applicants'

describe('applicants (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let form: Awaited<ReturnType<typeof insertForm>>

  const post = (id: string, step: string, body?: object) =>
    asUser(
      t,
      officer,
      'POST',
      `${base}/${id}/${step}`,
      body ?? (step === 'accept' || step === 'enrol' ? {} : undefined),
    )
  const stepOk = async (id: string, step: string, body?: object) => {
    const res = await post(id, step, body)
    expect(res.status, step).toBe(200)
    return (await res.json()) as Applicant
  }
  const auditsOf = (entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'applicant'), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.createdAt))

  beforeAll(async () => {
    t = await createTestApp()
    officer = await signedInAs(t, 'officer', ['admission officer'])
    instituteId = await demoInstituteId(t)
    form = await insertForm(t, instituteId, { title: 'Class Six admission 2028' })
  })
  afterAll(() => t.database.close())

  it('lists with the form, status and text filters, sorting and paging', async () => {
    const other = await insertForm(t, instituteId, { title: 'Class Nine 2028' })
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8))
    await insertApplicant(t, other, { name: 'Zubair Hossain', submittedAt: at(1) })
    await insertApplicant(t, other, {
      name: 'Ayesha Siddiqua',
      phone: '+8801922334455',
      status: 'under_review',
      submittedAt: at(2),
    })
    const found = await insertApplicant(t, other, {
      name: 'Mahir Faisal',
      email: 'mahir@example.com',
      status: 'accepted',
      submittedAt: at(3),
    })
    const foreignInstitute = await addInstitute(t, 'other-applicants')
    const foreignForm = await insertForm(t, foreignInstitute.id)
    await insertApplicant(t, foreignForm, { name: 'Foreign Applicant' })

    const list = async (query: string) => {
      const res = await asUser(t, officer, 'GET', `${base}?formId=${other.id}&${query}`)
      expect(res.status, query).toBe(200)
      return (await res.json()) as ApplicantList
    }
    const names = async (query: string) => (await list(query)).data.map((a) => a.applicantName)

    const all = await list('')
    expect(all).toMatchObject({ total: 3, page: 1, perPage: 10 })
    // Newest first by default.
    expect(all.data.map((a) => a.applicantName)).toEqual([
      'Mahir Faisal',
      'Ayesha Siddiqua',
      'Zubair Hossain',
    ])
    expect(all.data[0]).toEqual({
      id: found.id,
      shortReference: found.shortReference,
      formId: other.id,
      formTitle: 'Class Nine 2028',
      applicantName: 'Mahir Faisal',
      phone: '+8801711000001',
      email: 'mahir@example.com',
      status: 'accepted',
      submittedAt: at(3).toISOString(),
      attachmentCount: 0,
      studentCode: null,
    })
    expect(await names('status=under_review')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=ayesha')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=92233')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=MAHIR@EXAMPLE')).toEqual(['Mahir Faisal'])
    expect(await names(`q=${found.temporaryId.slice(3, 15)}`)).toEqual(['Mahir Faisal'])
    // % is taken literally (a temporaryId may hold _ or -, never %).
    expect(await names('q=%25')).toEqual([])
    expect(await names('sortBy=applicantName')).toEqual([
      'Ayesha Siddiqua',
      'Mahir Faisal',
      'Zubair Hossain',
    ])
    expect(await names('sortBy=submittedAt')).toEqual([
      'Zubair Hossain',
      'Ayesha Siddiqua',
      'Mahir Faisal',
    ])
    // By the applications' progress: submitted, under review, accepted.
    expect(await names('sortBy=status&sortDesc=true')).toEqual([
      'Mahir Faisal',
      'Ayesha Siddiqua',
      'Zubair Hossain',
    ])
    const page = await list('sortBy=applicantName&perPage=2&page=2')
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 })
    expect(page.data.map((a) => a.applicantName)).toEqual(['Zubair Hossain'])

    // Without a form filter: every form of the institute, none of another's.
    const everything = (await (
      await asUser(t, officer, 'GET', `${base}?perPage=100`)
    ).json()) as ApplicantList
    expect(everything.data.map((a) => a.applicantName)).not.toContain('Foreign Applicant')
    const foreignFilter = await asUser(t, officer, 'GET', `${base}?formId=${foreignForm.id}`)
    expect(await foreignFilter.json()).toMatchObject({ total: 0, data: [] })

    const bad = await asUser(t, officer, 'GET', `${base}?status=draft&formId=x&sortBy=phone`)
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'formId',
      'sortBy',
      'status',
    ])
  })

  it('answers a search for a NUL character with 400, not a server error', async () => {
    for (const path of [`${base}?q=%00`, `${base}/export?q=a%00`]) {
      const res = await asUser(t, officer, 'GET', path)
      expect(res.status, path).toBe(400)
    }
  })

  it('shows one applicant with the form’s questions, attachments and decision', async () => {
    const applicant = await insertApplicant(t, form, {
      name: 'Tahmid Rahman',
      fields: { previousSchool: 'Sunrise Kindergarten' },
      answers: { shift: 'Day', hobby: 'Drawing' },
    })
    const [photo] = await t.database.db
      .insert(applicantAttachments)
      .values({
        instituteId,
        applicantId: applicant.id,
        kind: 'photo',
        fileName: 'tahmid.jpg',
        contentType: 'image/jpeg',
        size: 4,
        sha256: 'x'.repeat(64),
        storageKey: `admission/${instituteId}/${applicant.id}/photo-1`,
      })
      .returning()
    await stepOk(applicant.id, 'accept', { note: 'Good interview' })
    const res = await asUser(t, officer, 'GET', `${base}/${applicant.id}`)
    expect(res.status).toBe(200)
    const detail = (await res.json()) as Applicant
    expect(detail).toMatchObject({
      id: applicant.id,
      temporaryId: applicant.temporaryId,
      formId: form.id,
      formTitle: 'Class Six admission 2028',
      status: 'accepted',
      fee: 25000,
      fields: {
        applicantName: 'Tahmid Rahman',
        dateOfBirth: '2020-03-15',
        gender: 'female',
        fatherName: 'Abdul Karim',
        motherName: 'Rokeya Begum',
        guardianName: 'Abdul Karim',
        phone: '+8801711000001',
        email: '',
        address: 'House 12, Road 5, Dhaka',
        previousSchool: 'Sunrise Kindergarten',
      },
      answers: { shift: 'Day', hobby: 'Drawing' },
      questions: [{ id: 'shift', kind: 'choice' }, { id: 'hobby' }],
      attachmentRequirements: [{ kind: 'photo', label: 'Photo', required: true }],
      attachmentCount: 1,
      attachments: [
        {
          id: photo!.id,
          kind: 'photo',
          label: 'Photo',
          fileName: 'tahmid.jpg',
          contentType: 'image/jpeg',
          size: 4,
        },
      ],
      decisionNote: 'Good interview',
      decidedBy: 'User officer',
      studentId: null,
      studentCode: null,
    })
    expect(Date.parse(detail.decidedAt!)).toBeGreaterThan(Date.now() - 60_000)

    expect((await asUser(t, officer, 'GET', `${base}/not-an-id`)).status).toBe(404)
    const foreign = await insertApplicant(
      t,
      await insertForm(t, (await addInstitute(t, 'x-det')).id),
    )
    const hidden = await asUser(t, officer, 'GET', `${base}/${foreign.id}`)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).not.toContain(foreign.temporaryId)
    for (const step of ['review', 'accept', 'reject', 'enrol']) {
      const res = await post(foreign.id, step, { note: 'x' })
      expect(res.status, step).toBe(404)
    }
  })

  it('moves through review, acceptance and rejection, refusing the wrong order with 409', async () => {
    const applicant = await insertApplicant(t, form, { status: 'fee_due' })
    expect((await stepOk(applicant.id, 'review')).status).toBe('under_review')
    // Reviewing again is harmless.
    expect((await stepOk(applicant.id, 'review')).status).toBe('under_review')

    const early = await post(applicant.id, 'enrol')
    expect(early.status).toBe(409)
    expect(await early.json()).toMatchObject({
      code: 'invalid_status',
      values: { status: 'under_review', action: 'enrol' },
      message: 'An applicant whose status is under_review cannot be enrolled.',
    })

    const accepted = await stepOk(applicant.id, 'accept')
    expect(accepted).toMatchObject({
      status: 'accepted',
      decisionNote: '',
      decidedBy: 'User officer',
    })
    for (const step of ['review', 'accept']) {
      const res = await post(applicant.id, step)
      expect(res.status, step).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'invalid_status' })
    }
    // A rejection needs its reason.
    const noReason = await post(applicant.id, 'reject', { note: ' ' })
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      errors: { note: ['Please give the reason for the rejection.'] },
    })
    const rejected = await stepOk(applicant.id, 'reject', { note: 'Seats are full' })
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Seats are full' })
    for (const [step, body] of [
      ['review', undefined],
      ['accept', {}],
      ['reject', { note: 'again' }],
      ['enrol', undefined],
    ] as const) {
      const res = await post(applicant.id, step, body)
      expect(res.status, step).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'invalid_status' })
    }

    const audits = await auditsOf(applicant.id)
    expect(audits.map((a) => [a.area, a.action, a.before, a.after])).toEqual([
      ['admission', 'review', { status: 'fee_due' }, { status: 'under_review' }],
      ['admission', 'review', { status: 'under_review' }, { status: 'under_review' }],
      ['admission', 'accept', { status: 'under_review' }, { status: 'accepted', note: '' }],
      [
        'admission',
        'reject',
        { status: 'accepted' },
        { status: 'rejected', note: 'Seats are full' },
      ],
    ])
  })

  it('enrols an accepted applicant as a student with the next code of the admission year', async () => {
    const first = await insertApplicant(t, form, { name: 'Rafi Ahmed', status: 'accepted' })
    const second = await insertApplicant(t, form, { name: 'Sadia Islam', status: 'accepted' })
    const one = await stepOk(first.id, 'enrol')
    expect(one).toMatchObject({ status: 'enrolled', studentCode: '20280001' })
    expect(one.studentId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await stepOk(second.id, 'enrol')).studentCode).toBe('20280002')
    const [student] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.id, one.studentId!))
    expect(student).toMatchObject({
      instituteId,
      studentCode: '20280001',
      fullName: 'Rafi Ahmed',
      dateOfBirth: '2020-03-15',
      gender: 'female',
      fatherName: 'Abdul Karim',
      guardianName: 'Abdul Karim',
      guardianPhone: '+8801711000001',
      familyKey: '1711000001',
      address: 'House 12, Road 5, Dhaka',
      status: 'active',
      applicantId: first.id,
    })
    const [enrolment] = await t.database.db
      .select({ session: academicSessions.name, class: classes.name, roll: enrolments.roll })
      .from(enrolments)
      .innerJoin(academicSessions, eq(academicSessions.id, enrolments.academicSessionId))
      .innerJoin(classes, eq(classes.id, enrolments.classId))
      .where(eq(enrolments.studentId, one.studentId!))
    expect(enrolment).toEqual({ session: '2028', class: 'Six', roll: 1 })
    const again = await post(first.id, 'enrol')
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'invalid_status' })
    const audit = (await auditsOf(first.id)).find((a) => a.action === 'enrol')
    expect(audit).toMatchObject({
      area: 'admission',
      before: { status: 'accepted' },
      after: { status: 'enrolled', studentId: one.studentId, studentCode: '20280001' },
    })
    // The list shows the student code too.
    const listed = (await (
      await asUser(t, officer, 'GET', `${base}?formId=${form.id}&status=enrolled`)
    ).json()) as ApplicantList
    expect(listed.data.map((a) => a.studentCode).sort()).toEqual(['20280001', '20280002'])

    // The year is the one the session starts in ("2029-30" runs from July 2029).
    const split = await insertForm(
      t,
      instituteId,
      await placementIn(t, instituteId, { session: '2029-30' }),
    )
    const a = await insertApplicant(t, split, { status: 'accepted' })
    expect((await stepOk(a.id, 'enrol')).studentCode).toBe('20290001')
  })

  it('enrols into a section of the form’s session and class with the next free roll, or the one given', async () => {
    const placement = await placementIn(t, instituteId, { session: '2040', className: 'Seven' })
    const sectioned = await insertForm(t, instituteId, placement)
    const addSection = async (name: string, capacity: number | null, classId = placement.classId) =>
      (
        await t.database.db
          .insert(sections)
          .values({ instituteId, ...placement, classId, name, capacity, position: 1 })
          .returning()
      )[0]!
    const a = await addSection('A', 1)
    const b = await addSection('B', null)
    const elsewhere = await addSection(
      'C',
      null,
      (await placementIn(t, instituteId, { className: 'Eight' })).classId,
    )
    const accepted = async () => insertApplicant(t, sectioned, { status: 'accepted' })

    const proposal = async (id: string) => {
      const res = await asUser(t, officer, 'GET', `${base}/${id}/enrolment-proposal`)
      expect(res.status).toBe(200)
      return (await res.json()) as EnrolmentProposal
    }
    const first = await accepted()
    expect(await proposal(first.id)).toEqual({
      academicSession: '2040',
      className: 'Seven',
      groupName: '',
      sections: [
        { id: a.id, name: 'A', capacity: 1, taken: 0, nextRoll: 1 },
        { id: b.id, name: 'B', capacity: null, taken: 0, nextRoll: 1 },
      ],
      nextRoll: 1,
    })
    const refused = async (id: string, body: object, status = 422) => {
      const res = await post(id, 'enrol', body)
      expect(res.status).toBe(status)
      const json = (await res.json()) as { fields: object }
      return json.fields
    }
    // The class has sections in the session: one must be chosen.
    expect(await refused(first.id, {})).toEqual({ sectionId: [{ code: 'section_required' }] })
    expect(await refused(first.id, { sectionId: elsewhere.id })).toEqual({
      sectionId: [{ code: 'section_not_of_class' }],
    })
    const foreign = await addInstitute(t, 'enrol-elsewhere')
    const [foreignCampus] = await t.database.db
      .select({ id: campuses.id })
      .from(campuses)
      .where(eq(campuses.instituteId, foreign.id))
    expect(await refused(first.id, { sectionId: a.id, campusId: foreignCampus!.id })).toEqual({
      campusId: [{ code: 'unknown_structure_item' }],
    })
    expect(await refused(first.id, { sectionId: a.id, roll: 0 })).toMatchObject({
      roll: [{ code: 'roll_positive' }],
    })

    const one = await stepOk(first.id, 'enrol', { sectionId: a.id })
    const rollOf = async (studentId: string) =>
      (
        await t.database.db
          .select({ sectionId: enrolments.sectionId, roll: enrolments.roll })
          .from(enrolments)
          .where(eq(enrolments.studentId, studentId))
      )[0]
    expect(await rollOf(one.studentId!)).toEqual({ sectionId: a.id, roll: 1 })
    const audit = (await auditsOf(first.id)).find((x) => x.action === 'enrol')
    expect(audit!.after).toMatchObject({ sectionId: a.id, roll: 1 })

    const second = await accepted()
    expect((await proposal(second.id)).sections).toEqual([
      { id: a.id, name: 'A', capacity: 1, taken: 1, nextRoll: 2 },
      { id: b.id, name: 'B', capacity: null, taken: 0, nextRoll: 1 },
    ])
    expect(await refused(second.id, { sectionId: a.id })).toEqual({
      sectionId: [{ code: 'section_full', values: { capacity: 1 } }],
    })
    const given = await stepOk(second.id, 'enrol', { sectionId: b.id, roll: 7 })
    expect(await rollOf(given.studentId!)).toEqual({ sectionId: b.id, roll: 7 })

    // A roll taken in the section: 409 naming it, and nothing of the applicant changes.
    const third = await accepted()
    expect(await refused(third.id, { sectionId: b.id, roll: 7 }, 409)).toEqual({
      roll: [{ code: 'roll_taken', values: { roll: 7 } }],
    })
    expect((await asUser(t, officer, 'GET', `${base}/${third.id}`)).status).toBe(200)
    const still = (await (
      await asUser(t, officer, 'GET', `${base}/${third.id}`)
    ).json()) as Applicant
    expect(still).toMatchObject({ status: 'accepted', studentId: null, className: 'Seven' })
    expect((await stepOk(third.id, 'enrol', { sectionId: b.id })).status).toBe('enrolled')
    expect((await proposal(third.id)).sections[1]).toMatchObject({ taken: 2, nextRoll: 9 })

    // A section students are enrolled in stays.
    const admin = await signIn(t, 'admin', adminPassword)
    const kept = await asUser(t, admin, 'DELETE', `/api/institutes/sections/${b.id}`)
    expect(kept.status).toBe(409)
    expect(await kept.json()).toMatchObject({
      code: 'structure_in_use',
      values: { what: 'students', count: 2 },
    })

    // Another institute's applicant has no proposal.
    const stranger = await insertApplicant(t, await insertForm(t, foreign.id))
    expect(
      (await asUser(t, officer, 'GET', `${base}/${stranger.id}/enrolment-proposal`)).status,
    ).toBe(404)
  })

  it('makes exactly one student when the same applicant is enrolled twice at once', async () => {
    const twice = await insertApplicant(t, form, { status: 'accepted' })
    const [a, b] = await Promise.all([post(twice.id, 'enrol'), post(twice.id, 'enrol')])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const made = await t.database.db
      .select()
      .from(students)
      .where(eq(students.applicantId, twice.id))
    expect(made).toHaveLength(1)
    const [counter] = await t.database.db
      .select()
      .from(studentCounters)
      .where(and(eq(studentCounters.instituteId, instituteId), eq(studentCounters.year, 2028)))
    // No number was used up by the refused one: the codes stay without gaps.
    expect(made[0]!.studentCode).toBe(`2028${String(counter!.lastNumber).padStart(4, '0')}`)
    expect((await auditsOf(twice.id)).filter((x) => x.action === 'enrol')).toHaveLength(1)
  })

  it('exports the filtered list as CSV that no spreadsheet will execute', async () => {
    const csvForm = await insertForm(t, instituteId, { title: 'Export, "quoted" form' })
    await insertApplicant(t, csvForm, {
      name: '=HYPERLINK("http://evil.example","click")',
      phone: '+8801711999888',
      answers: { shift: 'Morning', hobby: '@SUM(1+1)' },
      submittedAt: new Date('2026-02-01T10:00:00Z'),
      fee: 25050,
    })
    await insertApplicant(t, csvForm, {
      name: 'Line\nbreak',
      status: 'rejected',
      submittedAt: new Date('2026-01-01T10:00:00Z'),
    })
    const res = await asUser(t, officer, 'GET', `${base}/export?formId=${csvForm.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = todayIn('Asia/Dhaka')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="applicants-${today}.csv"`,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Tracking ID,Form,Status,Submitted,Applicant’s full name,Phone number,Email,Date of birth,' +
        'Gender,Father’s name,Mother’s name,Guardian’s name,Address,Previous school,Shift,Hobbies,' +
        'Application fee (BDT),Decision note,Decided on,Student ID',
    )
    // Dhaka is 6 hours ahead of UTC. A tracking ID that happens to start with "-" is guarded
    // like any other cell a spreadsheet could take for a formula.
    expect(lines[1]).toMatch(
      /^'?[\w-]{22},"Export, ""quoted"" form",Submitted,02\/01\/2026 16:00,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)",'\+8801711999888,,03\/15\/2020,Female,Abdul Karim,Rokeya Begum,Abdul Karim,"House 12, Road 5, Dhaka",,Morning,'@SUM\(1\+1\),250.50,,,$/,
    )
    expect(lines[2]).toContain(',"Line\nbreak",')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(4)

    // The filters apply; without a form, no question columns.
    const rejected = await asUser(
      t,
      officer,
      'GET',
      `${base}/export?formId=${csvForm.id}&status=rejected`,
    )
    const rejectedLines = (await rejected.text()).split('\r\n')
    expect(rejectedLines).toHaveLength(3)
    expect(rejectedLines[1]).toContain('Line')
    const everything = await (await asUser(t, officer, 'GET', `${base}/export`)).text()
    expect(everything.split('\r\n')[0]).toContain('Previous school,Application fee (BDT)')
    expect(everything).not.toContain('Foreign Applicant')
    expect((await asUser(t, officer, 'GET', `${base}/export?status=nope`)).status).toBe(422)
  })

  it('exports in the reader’s language, on the institute’s clock, with the form’s questions', async () => {
    const questionForm = await insertForm(t, instituteId, {
      title: 'Class Seven 2028',
      questions: [
        { id: 'interview-day', label: 'Interview day', kind: 'date', required: true, options: [] },
        { id: 'siblings', label: 'Siblings here', kind: 'number', required: false, options: [] },
        { id: 'shift', label: 'Shift', kind: 'choice', required: true, options: ['Day', 'Night'] },
      ],
    })
    const applicant = await insertApplicant(t, questionForm, {
      name: 'Rahim Uddin',
      fields: { gender: 'male' },
      answers: { 'interview-day': '2026-04-09', siblings: '1.5', shift: 'Day' },
      // 23:30 in Dhaka, already the next day there.
      submittedAt: new Date('2026-02-01T17:30:00Z'),
      fee: 125050,
      status: 'fee_due',
    })
    const path = `${base}/export?formId=${questionForm.id}`
    const german = await asUser(t, officer, 'GET', path, undefined, {
      'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5',
    })
    expect(german.status).toBe(200)
    // (text() leaves out the byte order mark.)
    const [head, row] = (await german.text()).split('\r\n')
    // A comma is the decimal mark in German: columns are split at semicolons.
    const headings = head!.split(';')
    expect(headings.slice(0, 5)).toEqual([
      'Tracking-ID',
      'Formular',
      'Status',
      'Eingereicht',
      'Vollständiger Name des Bewerbers',
    ])
    expect(headings).toContain('Geschlecht')
    expect(headings.slice(-7)).toEqual([
      'Interview day',
      'Siblings here',
      'Shift',
      'Bewerbungsgebühr (BDT)',
      'Anmerkung zur Entscheidung',
      'Entschieden am',
      'Schülernummer',
    ])
    const cells = row!.split(';')
    expect(cells[0]).toBe(applicant.temporaryId)
    expect(cells.slice(1, 5)).toEqual([
      'Class Seven 2028',
      'Gebühr offen',
      '01.02.2026 23:30',
      'Rahim Uddin',
    ])
    expect(cells[headings.indexOf('Geburtsdatum')]).toBe('15.03.2020')
    expect(cells[headings.indexOf('Geschlecht')]).toBe('Männlich')
    expect(cells.slice(-7)).toEqual(['09.04.2026', '1,5', 'Day', '1250,50', '', '', ''])

    // The language the app shows wins over the browser's; unknown ones are passed over.
    const french = await asUser(t, officer, 'GET', `${path}&lang=fr`, undefined, {
      'Accept-Language': 'de',
    })
    expect(await french.text()).toContain(';Frais à payer;01/02/2026 23:30;')
    const fallback = await asUser(t, officer, 'GET', `${path}&lang=xx`, undefined, {
      'Accept-Language': 'pt-BR',
    })
    expect(await fallback.text()).toContain(';Taxa a pagar;')
    const english = await (await asUser(t, officer, 'GET', path)).text()
    expect(english).toContain(',Fee due,02/01/2026 23:30,Rahim Uddin,')
    expect(english).toContain(',04/09/2026,1.5,Day,1250.50,')
  })

  it('serves an attachment to staff as a download with its sniffed type', async () => {
    const applicant = await insertApplicant(t, form)
    const key = `admission/${instituteId}/${applicant.id}/3f9a6c1e-0d5b-4c7a-9e2f-1b8d7c6a5e4f`
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])
    await t.app.services.files.put(key, jpeg)
    const [file] = await t.database.db
      .insert(applicantAttachments)
      .values({
        instituteId,
        applicantId: applicant.id,
        kind: 'photo',
        fileName: 'ছবি "me".jpg',
        contentType: 'image/jpeg',
        size: jpeg.byteLength,
        sha256: 'a'.repeat(64),
        storageKey: key,
      })
      .returning()
    const path = `${base}/${applicant.id}/attachments/${file!.id}`
    const res = await asUser(t, officer, 'GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___ _me_.jpg"; filename*=UTF-8''${encodeURIComponent('ছবি "me".jpg')}`,
    )
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg)

    // Through another applicant's address, or once the bytes are gone: not found.
    const other = await insertApplicant(t, form)
    expect(
      (await asUser(t, officer, 'GET', `${base}/${other.id}/attachments/${file!.id}`)).status,
    ).toBe(404)
    expect((await asUser(t, officer, 'GET', `${base}/${applicant.id}/attachments/x`)).status).toBe(
      404,
    )
    await t.app.services.files.delete(key)
    const gone = await asUser(t, officer, 'GET', path)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({
      code: 'attachment_not_found',
      message: 'No such attachment',
    })
  })

  it('shows an attachment inline to staff with admission rights, sandboxed, and nobody else', async () => {
    const storeFile = async (owner: { id: string; instituteId: string }, name: string) => {
      const key = `admission/${owner.instituteId}/${owner.id}/${crypto.randomUUID()}`
      const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
      await t.app.services.files.put(key, pdf)
      const [file] = await t.database.db
        .insert(applicantAttachments)
        .values({
          instituteId: owner.instituteId,
          applicantId: owner.id,
          kind: 'photo',
          fileName: name,
          contentType: 'application/pdf',
          size: pdf.byteLength,
          sha256: 'b'.repeat(64),
          storageKey: key,
        })
        .returning()
      return { file: file!, pdf }
    }
    const applicant = await insertApplicant(t, form)
    const { file, pdf } = await storeFile(applicant, 'certificate.pdf')
    const preview = `${base}/${applicant.id}/attachments/${file.id}/preview`

    const res = await asUser(t, officer, 'GET', preview)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="certificate.pdf"; filename*=UTF-8''certificate.pdf`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // Its own policy, not the app's: the file may run nothing and load nothing.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf)
    // The download has the same safety headers.
    const download = await asUser(t, officer, 'GET', preview.replace(/\/preview$/, ''))
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")

    const reader = await signedInWithRules(t, 'preview-reader', [
      { action: 'read', subject: 'admission' },
    ])
    expect((await asUser(t, reader, 'GET', preview)).status).toBe(200)
    const viewer = await signedInAs(t, 'preview-viewer', ['viewer'])
    const refused = await asUser(t, viewer, 'GET', preview)
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain('%PDF')
    expect((await t.app.request(preview)).status).toBe(401)

    // Another institute's file: not found, however it is addressed.
    const foreignForm = await insertForm(t, (await addInstitute(t, 'x-preview')).id)
    const foreign = await insertApplicant(t, foreignForm)
    const { file: foreignFile } = await storeFile(foreign, 'foreign.pdf')
    for (const owner of [foreign.id, applicant.id]) {
      const res = await asUser(
        t,
        officer,
        'GET',
        `${base}/${owner}/attachments/${foreignFile.id}/preview`,
      )
      expect(res.status, owner).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'attachment_not_found' })
    }
  })

  it('lets only those holding admission rights look, and only updaters decide', async () => {
    const applicant = await insertApplicant(t, form)
    const reader = await signedInWithRules(t, 'reader', [{ action: 'read', subject: 'admission' }])
    expect((await asUser(t, reader, 'GET', base)).status).toBe(200)
    expect((await asUser(t, reader, 'GET', `${base}/${applicant.id}`)).status).toBe(200)
    expect((await asUser(t, reader, 'GET', `${base}/export`)).status).toBe(200)
    for (const step of ['review', 'accept', 'reject', 'enrol']) {
      const res = await asUser(t, reader, 'POST', `${base}/${applicant.id}/${step}`, { note: 'x' })
      expect(res.status, step).toBe(403)
    }
    for (const role of ['accountant', 'viewer']) {
      const token = await signedInAs(t, `x-${role}`, [role])
      for (const path of [base, `${base}/export`, `${base}/${applicant.id}`]) {
        expect((await asUser(t, token, 'GET', path)).status, `${role} ${path}`).toBe(403)
      }
      expect((await asUser(t, token, 'POST', `${base}/${applicant.id}/review`)).status).toBe(403)
    }
    expect((await t.app.request(`${base}/export`)).status).toBe(401)
  })
})
