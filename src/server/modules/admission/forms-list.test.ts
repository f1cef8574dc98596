import { describe, expect, it } from 'vitest'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import {
  addInstitute,
  adminPassword,
  asUser,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { todayIn } from '../../lib/today.ts'
import { formInput, insertApplicant, placementIn } from '../../test-support/admission.ts'
import { formSuite, formsPath as base } from '../../test-support/admission-staff.ts'

type FormList = { data: AdmissionForm[]; total: number; page: number; perPage: number }

// The list of forms, and the demo institute’s seeded form.
describe('admission forms (staff)', () => {
  let t: TestApp
  let officer: string
  formSuite((s) => ({ t, officer } = s))

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
