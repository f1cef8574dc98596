import { describe, expect, it } from 'vitest'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { todayIn } from '../../lib/today.ts'
import { insertApplicant } from '../../test-support/admission.ts'
import { formSuite, formsPath as base, type FormSuite } from '../../test-support/admission-staff.ts'

// Publishing, closing and deleting a form.
describe('admission forms (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let create: FormSuite['create']
  let auditsOf: FormSuite['auditsOf']
  formSuite((s) => ({ t, officer, instituteId, create, auditsOf } = s))

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
})
