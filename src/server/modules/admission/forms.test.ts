import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import { auditLog } from '../../db/schema/access.ts'
import {
  addInstitute,
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { todayIn } from '../../lib/today.ts'
import {
  demoInstituteId,
  formInput,
  insertApplicant,
  insertForm,
  placementIn,
  type FormPlacement,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'

type FormList = { data: AdmissionForm[]; total: number; page: number; perPage: number }
const base = '/api/admission/forms'

describe('admission forms (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let placement: FormPlacement
  const create = async (overrides: Parameters<typeof formInput>[1] = {}) => {
    const res = await asUser(t, officer, 'POST', base, formInput(placement, overrides))
    expect(res.status).toBe(201)
    return (await res.json()) as AdmissionForm
  }
  const auditsOf = (entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'admission_form'), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.createdAt))

  beforeAll(async () => {
    t = await createTestApp()
    officer = await signedInAs(t, 'officer', ['admission officer'])
    instituteId = await demoInstituteId(t)
    placement = await placementIn(t, instituteId)
  })
  afterAll(() => t.database.close())

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

  it('lets a read-only role look but not change, and refuses those without admission', async () => {
    const form = await create()
    const reader = await signedInWithRules(t, 'reader', [{ action: 'read', subject: 'admission' }])
    expect((await asUser(t, reader, 'GET', base)).status).toBe(200)
    expect((await asUser(t, reader, 'GET', `${base}/${form.id}`)).status).toBe(200)
    const refused = await asUser(t, reader, 'POST', base, formInput(placement))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'forbidden' })
    expect(
      (await asUser(t, reader, 'PUT', `${base}/${form.id}`, formInput(placement))).status,
    ).toBe(403)
    expect((await asUser(t, reader, 'POST', `${base}/${form.id}/publish`)).status).toBe(403)
    expect((await asUser(t, reader, 'DELETE', `${base}/${form.id}`)).status).toBe(403)

    // The default viewer and accountant roles hold nothing of admission.
    for (const role of ['viewer', 'accountant']) {
      const token = await signedInAs(t, `a-${role}`, [role])
      expect((await asUser(t, token, 'GET', base)).status, role).toBe(403)
      expect((await asUser(t, token, 'GET', `${base}/${form.id}`)).status, role).toBe(403)
      expect((await asUser(t, token, 'POST', base, formInput(placement))).status, role).toBe(403)
    }
    expect((await t.app.request(base)).status).toBe(401)
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

  it('takes applications only while published, not closed, and within its dates', async () => {
    const form = await create()
    const act = async (action: string) => {
      const res = await asUser(t, officer, 'POST', `${base}/${form.id}/${action}`)
      expect(res.status).toBe(200)
      return (await res.json()) as AdmissionForm
    }
    expect(await act('publish')).toMatchObject({ published: true, closed: false, accepting: true })
    expect(await act('close')).toMatchObject({ published: true, closed: true, accepting: false })
    expect(await act('open')).toMatchObject({ closed: false, accepting: true })
    expect(await act('unpublish')).toMatchObject({ published: false, accepting: false })
    // Publishing twice changes nothing and writes no second audit.
    await act('publish')
    await act('publish')
    expect((await auditsOf(form.id)).map((a) => a.action)).toEqual([
      'create',
      'publish',
      'close',
      'open',
      'unpublish',
      'publish',
    ])

    const today = todayIn('Asia/Dhaka')
    const later = await create({ opensOn: '2998-01-01', closesOn: '2998-12-31' })
    const published = await asUser(t, officer, 'POST', `${base}/${later.id}/publish`)
    expect(await published.json()).toMatchObject({ published: true, accepting: false })
    const endsToday = await create({ opensOn: '2020-01-01', closesOn: today })
    const open = await asUser(t, officer, 'POST', `${base}/${endsToday.id}/publish`)
    expect(await open.json()).toMatchObject({ accepting: true })
  })

  it('deletes an unused form and refuses one that has applications', async () => {
    const unused = await create()
    const deleted = await asUser(t, officer, 'DELETE', `${base}/${unused.id}`)
    expect(deleted.status).toBe(204)
    expect((await asUser(t, officer, 'GET', `${base}/${unused.id}`)).status).toBe(404)
    expect((await auditsOf(unused.id)).map((a) => a.action)).toEqual(['create', 'delete'])

    const used = await create()
    await insertApplicant(t, { id: used.id, instituteId })
    const refused = await asUser(t, officer, 'DELETE', `${base}/${used.id}`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      code: 'form_in_use',
      message: expect.stringContaining('Applications have arrived for this form'),
    })
    expect((await asUser(t, officer, 'GET', `${base}/${used.id}`)).status).toBe(200)
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

  it('never shows or changes another institute’s form', async () => {
    const other = await addInstitute(t, 'other-forms')
    const foreign = await insertForm(t, other.id, { title: 'Foreign form' })
    const paths: [string, string, object?][] = [
      ['GET', `${base}/${foreign.id}`],
      ['PUT', `${base}/${foreign.id}`, formInput(placement)],
      ['POST', `${base}/${foreign.id}/publish`],
      ['POST', `${base}/${foreign.id}/close`],
      ['DELETE', `${base}/${foreign.id}`],
      ['GET', `${base}/not-a-form`],
      // The length and the characters of an id, but not one.
      ['GET', `${base}/${'-'.repeat(36)}`],
      ['PUT', `${base}/${'0'.repeat(35)}-`, formInput(placement)],
      ['DELETE', `${base}/${'a'.repeat(36)}`],
    ]
    for (const [method, path, body] of paths) {
      const res = await asUser(t, officer, method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    const list = (await (await asUser(t, officer, 'GET', `${base}?perPage=100`)).json()) as FormList
    expect(list.data.map((f) => f.title)).not.toContain('Foreign form')
  })

  it('lists with search, sorting, paging and the applications per status', async () => {
    const admin = await signIn(t, 'admin', adminPassword)
    const fresh = await addInstitute(t, 'list-forms')
    const instituteHeader = { 'X-Institute-Id': fresh.id }
    const post = async (body: object) => {
      const res = await asUser(t, admin, 'POST', base, body, instituteHeader)
      expect(res.status).toBe(201)
      return (await res.json()) as AdmissionForm
    }
    const list = async (query: string) => {
      const res = await asUser(t, admin, 'GET', `${base}?${query}`, undefined, instituteHeader)
      expect(res.status).toBe(200)
      return (await res.json()) as FormList
    }
    const there = (className: string, group?: string) =>
      placementIn(t, fresh.id, { className, ...(group && { group }) })
    const alpha = await post(
      formInput(await there('Nine'), { title: 'Alpha class nine', opensOn: '2026-03-01' }),
    )
    await post(formInput(await there('Ten'), { title: 'beta class ten', opensOn: '2026-01-01' }))
    await post(
      formInput(await there('Eleven', 'Science'), { title: 'Gamma', opensOn: '2026-02-01' }),
    )
    await insertApplicant(t, { id: alpha.id, instituteId: fresh.id })
    await insertApplicant(t, { id: alpha.id, instituteId: fresh.id })
    await insertApplicant(t, { id: alpha.id, instituteId: fresh.id }, { status: 'accepted' })

    const all = await list('')
    expect(all).toMatchObject({ total: 3, page: 1, perPage: 10 })
    // Newest first when no column is chosen.
    expect(all.data.map((f) => f.title)).toEqual(['Gamma', 'beta class ten', 'Alpha class nine'])
    expect(all.data[2]!.counts).toEqual({ submitted: 2, accepted: 1 })
    expect(all.data[0]!.counts).toEqual({})

    expect((await list('sortBy=title')).data.map((f) => f.title)).toEqual([
      'Alpha class nine',
      'beta class ten',
      'Gamma',
    ])
    expect((await list('sortBy=title&sortDesc=true')).data.map((f) => f.title)).toEqual([
      'Gamma',
      'beta class ten',
      'Alpha class nine',
    ])
    expect((await list('sortBy=opensOn')).data.map((f) => f.opensOn)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ])
    const second = await list('sortBy=title&perPage=2&page=2')
    expect(second).toMatchObject({ total: 3, page: 2, perPage: 2 })
    expect(second.data.map((f) => f.title)).toEqual(['Gamma'])

    expect((await list('q=CLASS')).data.map((f) => f.title).sort()).toEqual([
      'Alpha class nine',
      'beta class ten',
    ])
    expect((await list('q=science')).data.map((f) => f.title)).toEqual(['Gamma'])
    expect((await list('q=100%25')).total).toBe(0)

    const bad = await asUser(
      t,
      admin,
      'GET',
      `${base}?sortBy=fee&page=0`,
      undefined,
      instituteHeader,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'page',
      'sortBy',
    ])
  })

  it('seeds the demo institute with a published form that takes applications', async () => {
    const { data } = (await (
      await asUser(t, officer, 'GET', `${base}?q=Class One`)
    ).json()) as FormList
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({
      title: 'Class One admission 2027',
      // Next year's session of the demo structure.
      academicSession: String(Number(todayIn('Asia/Dhaka').slice(0, 4)) + 1),
      className: 'One',
      fee: 50000,
      published: true,
      accepting: true,
      questions: [{ id: 'shift', kind: 'choice', options: ['Morning', 'Day'] }, { kind: 'text' }],
      attachments: [
        { kind: 'photo', required: true, maxBytes: 2 * 1024 * 1024 },
        {
          kind: 'birth-certificate',
          required: false,
          types: ['application/pdf', 'image/jpeg', 'image/png'],
        },
      ],
    })
    expect(data[0]!.requiredFields).toEqual(
      expect.arrayContaining(['applicantName', 'phone', 'dateOfBirth', 'gender', 'guardianName']),
    )
  })
})
