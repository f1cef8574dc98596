import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { PublicApplication } from '../../../shared/schemas/admission-applications.ts'
import { auditLog } from '../../db/schema/access.ts'
import { admissionForms, applicants } from '../../db/schema/admission.ts'
import { institutes } from '../../db/schema/institutes.ts'
import {
  application,
  client,
  fields,
  publicAdmissionSuite,
  type Form,
  type Institute,
} from '../../test-support/public-admission.ts'
import { addInstitute, type TestApp } from '../../test-support/test-app.ts'

describe('public admission', () => {
  let t: TestApp
  let demo: Institute
  let open: Form
  const { api, addForm, applied, applicantRows, appWith } = publicAdmissionSuite(
    (s) => ({ t, demo, open } = s),
  )

  describe('submitting', () => {
    it('refuses new applications while the platform has suspended the institute', async () => {
      const suspend = (status: 'active' | 'suspended') =>
        t.database.db.update(institutes).set({ status }).where(eq(institutes.id, demo.id))
      await suspend('suspended')
      try {
        const res = await api.submit('demo-school', open.id, application())
        expect(res.status).toBe(409)
        expect(await res.json()).toMatchObject({ code: 'admissions_closed' })
        const form = await api.get(`/demo-school/forms/${open.id}`)
        expect(await form.json()).toMatchObject({
          accepting: false,
          institute: { admissionsOpen: false },
        })
      } finally {
        await suspend('active')
      }
    })

    it('creates an application whose fee is due, audited, with an unguessable temporaryId', async () => {
      const key = crypto.randomUUID()
      const res = await api.submit('demo-school', open.id, application(), key)
      expect(res.status).toBe(201)
      const app = (await res.json()) as PublicApplication
      expect(app.temporaryId).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(app).toMatchObject({
        formId: open.id,
        formTitle: 'Class Six 2027',
        institute: { slug: 'demo-school' },
        status: 'fee_due',
        fee: 50000,
        fields: { applicantName: 'Nadia Rahman', gender: 'female', dateOfBirth: '' },
        answers: { shift: 'morning', siblings: '1' },
        attachments: [],
        attachmentRequirements: [{ kind: 'photo' }, { kind: 'birth-certificate' }],
      })
      expect(app.fields.phone).not.toContain('000')
      expect(app.fields.phone).toMatch(/^\+880\*+111$/)
      // For phone calls: the institute's initials, the year (in its time zone), four
      // characters of Crockford's base 32.
      const year = new Intl.DateTimeFormat('en', { timeZone: demo.timezone, year: '2-digit' })
      expect(app.shortReference).toMatch(
        new RegExp(`^DS-${year.format(new Date())}-[0-9A-HJKMNP-TV-Z]{4}$`),
      )

      const [row] = await applicantRows(key)
      expect(row).toMatchObject({
        temporaryId: app.temporaryId,
        shortReference: app.shortReference,
        status: 'fee_due',
        fee: 50000,
        phone: '+880 1711-000111',
        dateOfBirth: '2015-03-14',
        applicantName: 'Nadia Rahman',
      })
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'submit')))
      expect(audit).toMatchObject({
        area: 'admission',
        instituteId: demo.id,
        userId: null,
        entity: 'applicant',
        ip: api.ip,
      })

      const second = (await (
        await api.submit('demo-school', open.id, application())
      ).json()) as PublicApplication
      expect(second.temporaryId).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(second.temporaryId).not.toBe(app.temporaryId)
      expect(second.shortReference).not.toBe(app.shortReference)
      // The application shows it to whoever holds the temporaryId, as it was given.
      const shown = await api.get(`/demo-school/applications/${app.temporaryId}`)
      expect(await shown.json()).toMatchObject({ shortReference: app.shortReference })

      const free = await addForm({ fee: 0 })
      const submitted = await api.submit('demo-school', free.id, application())
      expect(await submitted.json()).toMatchObject({ status: 'submitted', fee: 0 })
    })

    it('refuses closed, out-of-window and unpublished forms', async () => {
      for (const extra of [
        { closed: true },
        { opensOn: '2001-01-01', closesOn: '2001-02-01' },
        { opensOn: '2998-01-01' },
      ]) {
        const form = await addForm(extra)
        const res = await api.submit('demo-school', form.id, application())
        expect(res.status).toBe(409)
        expect(await res.json()).toMatchObject({ code: 'form_not_accepting' })
      }
      const unpublished = await addForm({ published: false })
      const hidden = await api.submit('demo-school', unpublished.id, application())
      expect(hidden.status).toBe(404)
      expect(await hidden.json()).toMatchObject({ code: 'form_not_found' })
      const nowhere = await api.submit('no-such-school', open.id, application())
      expect(await nowhere.json()).toMatchObject({ code: 'institute_not_found' })
    })

    it('names every field that does not fit the form', async () => {
      const res = await api.submit('demo-school', open.id, {
        fields: { ...fields, phone: 'call me', dateOfBirth: '', email: 'not-an-email' },
        answers: { siblings: 'two', shift: 'evening', favourite: 'blue' },
      })
      expect(res.status).toBe(422)
      const { errors, code } = (await res.json()) as {
        errors: Record<string, string[]>
        code: string
      }
      expect(code).toBe('validation_failed')
      expect(errors['fields.phone']).toEqual(['Enter a phone number (digits, may start with +).'])
      expect(errors['fields.dateOfBirth']).toEqual(['This field is required.'])
      expect(errors['fields.email']).toBeDefined()
      expect(errors['answers.siblings']).toEqual(['This answer does not fit the question.'])
      expect(errors['answers.shift']).toEqual(['This answer does not fit the question.'])
      expect(errors['answers.favourite']).toEqual([
        'An answer does not belong to a question of this form.',
      ])

      const missing = await api.submit('demo-school', open.id, {
        fields: { phone: '01711000111' },
        answers: {},
      })
      const missingErrors = ((await missing.json()) as { errors: Record<string, string[]> }).errors
      expect(missingErrors).toMatchObject({
        'fields.applicantName': ['This field is required.'],
        'fields.dateOfBirth': ['This field is required.'],
        'answers.shift': ['Please answer this question.'],
      })

      const notJson = await api.submit('demo-school', open.id, '{"fields":')
      expect(notJson.status).toBe(400)
      expect(await api.submit('demo-school', open.id, [1, 2])).toHaveProperty('status', 422)
      // Nothing was stored by any of them.
      const rows = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.phone, 'call me'))
      expect(rows).toEqual([])
    })

    it('refuses text PostgreSQL cannot store (a NUL character) with 400, not a server error', async () => {
      for (const body of [
        application({ fields: { applicantName: 'Nadia\u0000' } }),
        application({
          answers: { shift: 'morning', siblings: '' },
          fields: { address: 'a\u0000b' },
        }),
      ]) {
        const res = await api.submit('demo-school', open.id, body)
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'bad_character' })
      }
    })

    it('needs an Idempotency-Key of 8 to 100 characters', async () => {
      for (const key of [null, '', '   ', 'short', 'x'.repeat(101)]) {
        const res = await api.submit('demo-school', open.id, application(), key)
        expect(res.status, String(key)).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'idempotency_key_required' })
      }
    })

    it('answers a retry with the same application, and a different payload under the key with 409', async () => {
      const key = crypto.randomUUID()
      const first = await api.submit('demo-school', open.id, application(), key)
      expect(first.status).toBe(201)
      const { temporaryId, shortReference } = (await first.json()) as PublicApplication

      const again = await api.submit('demo-school', open.id, application(), key)
      expect(again.status).toBe(200)
      expect(await again.json()).toMatchObject({
        temporaryId,
        shortReference,
        status: 'fee_due',
      })
      // The same data with its keys in another order, padded, with an empty optional answer.
      const { answers, fields: sent } = application()
      const reordered = {
        answers: { siblings: ` ${answers.siblings} `, shift: answers.shift },
        fields: Object.fromEntries(
          Object.entries({ ...sent, applicantName: ` ${sent.applicantName}` }).reverse(),
        ),
      }
      const shuffled = await api.submit('demo-school', open.id, reordered, key)
      expect(shuffled.status).toBe(200)
      expect(await shuffled.json()).toMatchObject({ temporaryId })

      const changed = await api.submit(
        'demo-school',
        open.id,
        application({ fields: { applicantName: 'Someone Else' } }),
        key,
      )
      expect(changed.status).toBe(409)
      expect(await changed.json()).toMatchObject({
        code: 'idempotency_conflict',
        values: { subject: 'application' },
        message: 'This application was already sent with other answers. Please reload the page.',
      })
      const elsewhere = await addForm()
      const otherForm = await api.submit('demo-school', elsewhere.id, application(), key)
      expect(otherForm.status).toBe(409)
      expect(await applicantRows(key)).toHaveLength(1)

      // Closing or unpublishing the form does not stop the retry of an application it took.
      const lateKey = crypto.randomUUID()
      const late = await api.submit('demo-school', elsewhere.id, application(), lateKey)
      expect(late.status).toBe(201)
      await t.database.db
        .update(admissionForms)
        .set({ closed: true, published: false })
        .where(eq(admissionForms.id, elsewhere.id))
      const retried = await api.submit('demo-school', elsewhere.id, application(), lateKey)
      expect(retried.status).toBe(200)
    })

    it('a thousand simultaneous sends with one key make exactly one application', async () => {
      const app = appWith({
        requests: { limit: 100_000, windowMs: 60_000 },
        applications: { limit: 100_000, windowMs: 60_000 },
      })
      const busy = client(() => app)
      const key = crypto.randomUUID()
      const body = application({ fields: { applicantName: 'Many Times' } })
      const answers = await Promise.all(
        Array.from({ length: 1000 }, () => busy.submit('demo-school', open.id, body, key)),
      )
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.filter((s) => s === 200)).toHaveLength(999)
      const ids = new Set(
        await Promise.all(
          answers.map(async (r) => ((await r.json()) as PublicApplication).temporaryId),
        ),
      )
      expect(ids.size).toBe(1)
      const rows = await applicantRows(key)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.temporaryId).toBe([...ids][0])
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, rows[0]!.id), eq(auditLog.action, 'submit')))
      expect(audits).toHaveLength(1)
    }, 120_000)

    it('limits new applications per address, while retries of earlier ones still answer', async () => {
      const app = appWith({ applications: { limit: 3, windowMs: 60 * 60_000 } })
      const one = client(() => app)
      const keys = Array.from({ length: 3 }, () => crypto.randomUUID())
      for (const key of keys) {
        expect((await one.submit('demo-school', open.id, application(), key)).status).toBe(201)
      }
      const fourth = await one.submit('demo-school', open.id, application())
      expect(fourth.status).toBe(429)
      expect(await fourth.json()).toMatchObject({ code: 'rate_limited' })
      const wait = Number(fourth.headers.get('Retry-After'))
      expect(wait).toBeGreaterThan(3000)
      expect(wait).toBeLessThanOrEqual(3600)
      for (const key of keys) {
        expect((await one.submit('demo-school', open.id, application(), key)).status).toBe(200)
      }
      // Another address has its own count.
      const two = client(() => app)
      expect((await two.submit('demo-school', open.id, application())).status).toBe(201)
    })

    it('limits requests of every kind per address', async () => {
      const app = appWith({ requests: { limit: 5, windowMs: 60_000 } })
      const one = client(() => app)
      for (let i = 0; i < 5; i++) expect((await one.get('/demo-school')).status).toBe(200)
      const refused = await one.get('/demo-school')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect((await client(() => app).get('/demo-school')).status).toBe(200)
    })
  })

  describe('the application by its temporaryId', () => {
    it('shows it with the phone masked and no date of birth, to its own institute only', async () => {
      const temporaryId = await applied()
      const res = await api.get(`/demo-school/applications/${temporaryId}`)
      expect(res.status).toBe(200)
      const app = (await res.json()) as PublicApplication
      expect(app).toMatchObject({
        temporaryId,
        status: 'fee_due',
        fields: { applicantName: 'Nadia Rahman', dateOfBirth: '', fatherName: 'Karim Rahman' },
      })
      expect(app.fields.phone).toBe('+880*********111')
      expect(JSON.stringify(app)).not.toContain('2015-03-14')
      expect(JSON.stringify(app)).not.toContain('1711-000')
      // The id opens the application: the request log names the route, not the id.
      expect(t.logLines.join('\n')).toContain('/applications/[temporaryId]')
      expect(t.logLines.join('\n')).not.toContain(temporaryId)

      await addInstitute(t, 'other-lookup')
      for (const path of [
        `/other-lookup/applications/${temporaryId}`,
        `/demo-school/applications/${'A'.repeat(22)}`,
        `/demo-school/applications/${temporaryId}x`,
        '/demo-school/applications/1',
      ]) {
        const missing = await api.get(path)
        expect(missing.status, path).toBe(404)
        expect(await missing.json()).toMatchObject({ code: 'application_not_found' })
      }
    })
  })
})
