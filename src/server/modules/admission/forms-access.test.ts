import { describe, expect, it } from 'vitest'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'
import {
  formInput,
  insertForm,
  type FormPlacement,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'
import { formSuite, formsPath as base, type FormSuite } from '../../test-support/admission-staff.ts'

type FormList = { data: AdmissionForm[]; total: number; page: number; perPage: number }

// Who may see and change forms, and whose.
describe('admission forms (staff)', () => {
  let t: TestApp
  let officer: string
  let placement: FormPlacement
  let create: FormSuite['create']
  formSuite((s) => ({ t, officer, placement, create } = s))

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
})
