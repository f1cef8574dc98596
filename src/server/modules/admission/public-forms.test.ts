import { describe, expect, it } from 'vitest'
import {
  publicAdmissionSuite,
  type Form,
  type Institute,
} from '../../test-support/public-admission.ts'
import { addInstitute, type TestApp } from '../../test-support/test-app.ts'

describe('public admission', () => {
  let t: TestApp
  let demo: Institute
  let open: Form
  const { api, addForm } = publicAdmissionSuite((s) => ({ t, demo, open } = s))

  describe('forms', () => {
    it('lists only the forms taking applications today, and 404s an unknown institute', async () => {
      const closed = await addForm({ title: 'Closed early', closed: true })
      const hidden = await addForm({ title: 'Not published', published: false })
      const past = await addForm({ title: 'Past', opensOn: '2001-01-01', closesOn: '2001-02-01' })
      const future = await addForm({ title: 'Future', opensOn: '2998-01-01' })
      const other = await addInstitute(t, 'other-admission')
      const foreign = await addForm({ instituteId: other.id, title: 'Of another institute' })

      const res = await api.get('/demo-school')
      expect(res.status).toBe(200)
      const list = (await res.json()) as { institute: object; forms: { id: string }[] }
      expect(list.institute).toEqual({
        slug: 'demo-school',
        name: demo.name,
        currency: 'BDT',
        admissionsOpen: true,
        currencyDigits: 2,
        logo: null,
        timezone: 'Asia/Dhaka',
      })
      const ids = list.forms.map((f) => f.id)
      expect(ids).toContain(open.id)
      for (const form of [closed, hidden, past, future, foreign]) expect(ids).not.toContain(form.id)
      expect(list.forms.find((f) => f.id === open.id)).toEqual({
        id: open.id,
        title: 'Class Six 2027',
        academicSession: '2027',
        className: 'Six',
        groupName: '',
        closesOn: '2999-12-31',
        fee: 50000,
      })

      for (const slug of ['no-such-school', 'Demo-School', 'demo_school', 'x'.repeat(300)]) {
        const missing = await api.get(`/${slug}`)
        expect(missing.status, slug).toBe(404)
        expect(await missing.json()).toMatchObject({ code: 'institute_not_found' })
      }
    })

    it('shows a published form, saying whether it takes applications; others are not found', async () => {
      const res = await api.get(`/demo-school/forms/${open.id}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        id: open.id,
        accepting: true,
        institute: { slug: 'demo-school' },
        requiredFields: ['applicantName', 'phone', 'dateOfBirth'],
        questions: [{ id: 'siblings' }, { id: 'shift', options: ['morning', 'day'] }],
        attachments: [{ kind: 'photo' }, { kind: 'birth-certificate' }],
      })

      for (const extra of [
        { closed: true },
        { opensOn: '2001-01-01', closesOn: '2001-02-01' },
        { opensOn: '2998-01-01' },
      ]) {
        const form = await addForm(extra)
        const shown = await api.get(`/demo-school/forms/${form.id}`)
        expect(shown.status).toBe(200)
        expect(await shown.json()).toMatchObject({ accepting: false })
      }

      const other = await addInstitute(t, 'other-forms')
      const foreign = await addForm({ instituteId: other.id })
      const unpublished = await addForm({ published: false })
      for (const path of [
        `/demo-school/forms/${unpublished.id}`,
        `/demo-school/forms/${foreign.id}`,
        '/demo-school/forms/not-a-uuid',
        '/demo-school/forms/00000000-0000-4000-8000-000000000000',
      ]) {
        const missing = await api.get(path)
        expect(missing.status, path).toBe(404)
        expect(await missing.json()).toMatchObject({ code: 'form_not_found' })
      }
      expect((await api.get(`/other-forms/forms/${foreign.id}`)).status).toBe(200)
      expect((await api.get(`/nowhere/forms/${open.id}`)).status).toBe(404)
    })
  })
})
