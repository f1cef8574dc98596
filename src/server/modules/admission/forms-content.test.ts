import { describe, expect, it } from 'vitest'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import {
  addInstitute,
  adminPassword,
  asUser,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { formInput, placementIn, type FormPlacement } from '../../test-support/admission.ts'
import { formSuite, formsPath as base, type FormSuite } from '../../test-support/admission-staff.ts'

// What a form holds: its fields, its placement in the structure, and the input refused.
describe('admission forms (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let placement: FormPlacement
  let create: FormSuite['create']
  let auditsOf: FormSuite['auditsOf']
  formSuite((s) => ({ t, officer, instituteId, placement, create, auditsOf } = s))

  it('creates, reads and replaces a form, auditing each change', async () => {
    const created = await create()
    expect(created).toMatchObject({
      title: 'Class Six admission 2028',
      academicSession: '2028',
      className: 'Six',
      fee: 25000,
      published: false,
      closed: false,
      accepting: false,
      counts: {},
      // Name and phone are always required.
      requiredFields: ['applicantName', 'phone', 'dateOfBirth'],
      questions: [
        { id: 'shift', options: ['Morning', 'Day'] },
        { id: 'hobby', options: [] },
      ],
    })
    const read = await asUser(t, officer, 'GET', `${base}/${created.id}`)
    expect(await read.json()).toEqual(created)

    const replaced = await asUser(
      t,
      officer,
      'PUT',
      `${base}/${created.id}`,
      formInput(placement, {
        title: 'Class Six admission 2028 (second call)',
        fee: 0,
        questions: [],
      }),
    )
    expect(replaced.status).toBe(200)
    expect(await replaced.json()).toMatchObject({
      id: created.id,
      title: 'Class Six admission 2028 (second call)',
      fee: 0,
      questions: [],
      published: false,
    })
    const audits = await auditsOf(created.id)
    expect(audits.map((a) => [a.area, a.action])).toEqual([
      ['admission', 'create'],
      ['admission', 'update'],
    ])
    expect(audits[1]!.before).toMatchObject({ title: 'Class Six admission 2028', fee: 25000 })
    expect(audits[1]!.after).toMatchObject({ fee: 0, questions: [] })
  })

  it('refuses bad input with 422, naming the field', async () => {
    const errorsOf = async (body: object) => {
      const res = await asUser(t, officer, 'POST', base, body)
      expect(res.status).toBe(422)
      return ((await res.json()) as { errors: Record<string, string[]> }).errors
    }
    expect(
      await errorsOf(formInput(placement, { opensOn: '2027-05-01', closesOn: '2027-04-30' })),
    ).toEqual({
      closesOn: ['The form cannot close before it opens.'],
    })
    const badKind = await errorsOf({
      ...formInput(placement),
      questions: [{ id: 'age', label: 'Age', kind: 'slider', required: false }],
    })
    expect(badKind).toEqual({ 'questions.0.kind': ['Choose the kind of answer.'] })
    const noOptions = await errorsOf(
      formInput(placement, {
        questions: [{ id: 'shift', label: 'Shift', kind: 'choice', required: true }],
      }),
    )
    expect(noOptions).toEqual({ 'questions.0.options': ['A choice needs at least two options.'] })
    // Keys every object has: answers['constructor'] would read as a function, not an answer.
    for (const id of ['constructor', 'prototype']) {
      const reserved = await errorsOf(
        formInput(placement, {
          questions: [{ id, label: 'Odd key', kind: 'text', required: false }],
        }),
      )
      expect(reserved, id).toEqual({ 'questions.0.id': ['This key is taken; choose another.'] })
    }
    const photoOf = formInput(placement).attachments[0]!
    expect(
      await errorsOf(formInput(placement, { attachments: [{ ...photoOf, kind: 'constructor' }] })),
    ).toEqual({ 'attachments.0.kind': ['This key is taken; choose another.'] })
    const twice = { id: 'same', label: 'Same', kind: 'text', required: false } as const
    expect(await errorsOf(formInput(placement, { questions: [twice, twice] }))).toEqual({
      questions: ['Two questions have the same key.'],
    })
    const photo = formInput(placement).attachments[0]!
    expect(await errorsOf(formInput(placement, { attachments: [photo, photo] }))).toEqual({
      attachments: ['Two attachments have the same key.'],
    })
    expect(
      await errorsOf({ ...formInput(placement), requiredFields: ['dateOfBirth', 'shoeSize'] }),
    ).toEqual({ 'requiredFields.1': ['Unknown field.'] })
    expect(await errorsOf(formInput(placement, { fee: -1 }))).toEqual({
      fee: ['Amounts cannot be negative.'],
    })
    expect(await errorsOf(formInput(placement, { fee: 100.5 }))).toEqual({
      fee: ['Amounts are whole minor units (no fractions).'],
    })
    const badAttachment = await errorsOf({
      ...formInput(placement),
      attachments: [{ ...photo, types: ['text/html'], maxBytes: 50 * 1024 * 1024 }],
    })
    expect(Object.keys(badAttachment).sort()).toEqual([
      'attachments.0.maxBytes',
      'attachments.0.types.0',
    ])
    const missing = await errorsOf({ ...formInput(placement), title: '   ' })
    expect(missing).toEqual({ title: ['Please enter a title.'] })
    // A bad replacement leaves the form as it was.
    const form = await create()
    const put = await asUser(t, officer, 'PUT', `${base}/${form.id}`, {
      ...formInput(placement),
      fee: -5,
    })
    expect(put.status).toBe(422)
    expect(
      ((await (await asUser(t, officer, 'GET', `${base}/${form.id}`)).json()) as AdmissionForm).fee,
    ).toBe(25000)
  })

  it('takes the session, class and group from the institute’s structure, refusing others by field', async () => {
    const form = await create()
    expect(form).toMatchObject({
      ...placement,
      academicSession: '2028',
      className: 'Six',
      groupName: '',
    })
    // A group limited to no class is offered to every class.
    const eleven = await placementIn(t, instituteId, {
      session: '2031',
      className: 'Eleven',
      group: 'Arts',
    })
    const science = await asUser(t, officer, 'PUT', `${base}/${form.id}`, formInput(eleven))
    expect(science.status).toBe(200)
    expect(await science.json()).toMatchObject({
      ...eleven,
      academicSession: '2031',
      className: 'Eleven',
      groupName: 'Arts',
    })
    expect((await auditsOf(form.id)).at(-1)!.after).toMatchObject({
      academicSession: '2031',
      className: 'Eleven',
      groupName: 'Arts',
    })

    const refused = async (method: string, path: string, body: object) => {
      const res = await asUser(t, officer, method, path, body)
      expect(res.status).toBe(422)
      return ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields
    }
    const other = await addInstitute(t, 'other-structure')
    const foreign = await placementIn(t, other.id, { group: 'Science' })
    for (const [method, path] of [
      ['POST', base],
      ['PUT', `${base}/${form.id}`],
    ] as const) {
      expect(await refused(method, path, formInput(foreign))).toEqual({
        academicSessionId: [{ code: 'unknown_structure_item' }],
        classId: [{ code: 'unknown_structure_item' }],
        groupId: [{ code: 'unknown_structure_item' }],
      })
    }
    // The demo's Science is offered to Nine and Ten only.
    const six = await placementIn(t, instituteId, { group: 'Science' })
    expect(await refused('POST', base, formInput(six))).toEqual({
      groupId: [{ code: 'group_not_offered' }],
    })
    const missing = await refused('POST', base, {
      ...formInput(placement),
      academicSessionId: '',
      classId: 'x',
    })
    expect(missing).toEqual({
      academicSessionId: [{ code: 'session_required' }],
      classId: [{ code: 'unknown_structure_item' }],
    })
    expect(
      ((await (await asUser(t, officer, 'GET', `${base}/${form.id}`)).json()) as AdmissionForm)
        .className,
    ).toBe('Eleven')

    // What a form is for stays in the structure while the form uses it.
    for (const [list, id] of [
      ['academic-sessions', eleven.academicSessionId],
      ['classes', eleven.classId],
      ['groups', eleven.groupId],
    ] as const) {
      const admin = await signIn(t, 'admin', adminPassword)
      const res = await asUser(t, admin, 'DELETE', `/api/institutes/${list}/${id}`)
      expect(res.status, list).toBe(409)
      expect(await res.json()).toMatchObject({
        code: 'structure_in_use',
        values: { what: 'forms', count: 1 },
      })
    }
  })
})
