import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Applicant, ApplicantSummary } from '../../../shared/schemas/admission-applicants.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { enrolments, studentCounters, students } from '../../db/schema/students.ts'
import type { EnrolmentProposal } from '../../../shared/schemas/students.ts'
import {
  addInstitute,
  adminPassword,
  asUser,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { insertApplicant, insertForm, placementIn } from '../../test-support/admission.ts'
import {
  applicantSuite,
  applicantsPath as base,
  type ApplicantSuite,
} from '../../test-support/admission-staff.ts'

type ApplicantList = { data: ApplicantSummary[]; total: number; page: number; perPage: number }

// Enrolling accepted applicants as students: codes, sections and rolls; the codes count on from one
// test to the next.
describe('applicants (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let form: ApplicantSuite['form']
  let post: ApplicantSuite['post']
  let stepOk: ApplicantSuite['stepOk']
  let auditsOf: ApplicantSuite['auditsOf']
  applicantSuite((s) => ({ t, officer, instituteId, form, post, stepOk, auditsOf } = s))

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
})
