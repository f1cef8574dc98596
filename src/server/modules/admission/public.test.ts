import { PDFDocument } from '@cantoo/pdf-lib'
import { createHash, randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PublicApplication } from '../../../shared/schemas/admission.ts'
import { createApp } from '../../app.ts'
import { auditLog } from '../../db/schema/access.ts'
import { admissionForms, applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { fileRefusals } from '../../../shared/file-type.ts'
import { createLogger } from '../../lib/logger.ts'
import { addInstitute, createTestApp, type TestApp } from '../../test-support/test-app.ts'
import type { PublicAdmissionLimits } from './public.ts'

type App = TestApp['app']
type Form = typeof admissionForms.$inferSelect

const base = '/api/admission/public'
const kb = 1024

/** Bytes that only start like a file of their type: enough for checks made before the content. */
const files = {
  jpeg: (size = 64) => filled([0xff, 0xd8, 0xff, 0xe0], size),
  pdf: (size = 64) =>
    filled(
      [...'%PDF-1.7\n'].map((ch) => ch.charCodeAt(0)),
      size,
    ),
  text: (size = 64) =>
    filled(
      [...'just some text'].map((ch) => ch.charCodeAt(0)),
      size,
    ),
}
function filled(head: number[], size: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(size, head.length)).fill(0x20)
  bytes.set(head)
  // Different contents per call, so a replacement is a different file.
  bytes[bytes.length - 1] = Math.floor(Math.random() * 256)
  return bytes
}

/** A real picture of random pixels (no two alike), 24×16 unless told. */
async function picture(
  format: 'jpeg' | 'png' | 'webp',
  { width = 24, height = 16, quality = 80 } = {},
) {
  const pixels = randomBytes(width * height * 3)
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  return new Uint8Array(await image.toFormat(format, { quality }).toBuffer())
}
const images = {
  jpeg: () => picture('jpeg'),
  png: () => picture('png'),
  webp: () => picture('webp'),
}

/**
 * A one-page PDF written by hand: `catalog` adds to the document catalog, `objects` are
 * numbered from 4, and `compressed` puts every object but the catalog in a compressed object
 * stream, where no scanner of the raw bytes sees them.
 */
function pdf(o: { catalog?: string; objects?: string[]; compressed?: boolean } = {}) {
  const all = [
    `<< /Type /Catalog /Pages 2 0 R ${o.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...(o.objects ?? []),
  ]
  const chunks: Buffer[] = []
  const offsets: number[] = []
  let at = 0
  const write = (chunk: string | Buffer, object = false) => {
    if (object) offsets.push(at)
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk
    chunks.push(bytes)
    at += bytes.length
  }
  write('%PDF-1.7\n')
  if (o.compressed) {
    let head = ''
    let body = ''
    all.slice(1).forEach((text, i) => {
      head += `${i + 2} ${body.length} `
      body += `${text}\n`
    })
    const data = deflateSync(Buffer.from(head + body, 'latin1'))
    write(`1 0 obj\n${all[0]}\nendobj\n`, true)
    write(
      `${all.length + 1} 0 obj\n<< /Type /ObjStm /N ${all.length - 1} /First ${head.length} ` +
        `/Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      true,
    )
    write(data)
    write('\nendstream\nendobj\n')
  } else {
    all.forEach((text, i) => write(`${i + 1} 0 obj\n${text}\nendobj\n`, true))
  }
  const xref = at
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`)
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`)
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  return new Uint8Array(Buffer.concat(chunks))
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const fields = {
  applicantName: 'Nadia Rahman',
  dateOfBirth: '2015-03-14',
  gender: 'female',
  fatherName: 'Karim Rahman',
  phone: '+880 1711-000111',
  email: 'nadia.family@example.com',
}
const application = (extra: { fields?: object; answers?: object } = {}) => ({
  fields: { ...fields, ...extra.fields },
  answers: { shift: 'morning', siblings: '1', ...extra.answers },
})

let ipSeq = 0
/** Requests from one client address (rate limits count per address). */
function client(app: () => App, ip = `192.0.2.${++ipSeq}`) {
  const env = { incoming: { socket: { remoteAddress: ip } } }
  const request = (path: string, init: RequestInit = {}) => app().request(path, init, env)
  return {
    ip,
    get: (path: string) => request(base + path),
    submit: (
      slug: string,
      formId: string,
      body: unknown,
      /** null: no Idempotency-Key header at all. */
      key: string | null = crypto.randomUUID(),
    ) =>
      request(`${base}/${slug}/forms/${formId}/applications`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(key !== null && { 'Idempotency-Key': key }),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    upload: async (
      temporaryId: string,
      kind: string,
      file: { bytes: Uint8Array | Promise<Uint8Array>; name?: string; type?: string } | undefined,
      confirm: string | undefined,
      slug = 'demo-school',
    ) => {
      const form = new FormData()
      if (file) {
        form.append(
          'file',
          new File([(await file.bytes) as Uint8Array<ArrayBuffer>], file.name ?? 'upload.bin', {
            type: file.type ?? 'application/octet-stream',
          }),
        )
      }
      if (confirm !== undefined) form.append('confirm', confirm)
      return request(`${base}/${slug}/applications/${temporaryId}/attachments/${kind}`, {
        method: 'PUT',
        body: form,
      })
    },
  }
}

describe('public admission', () => {
  let t: TestApp
  let demo: typeof institutes.$inferSelect
  let open: Form
  let api: ReturnType<typeof client>

  /** A form of the demo institute (or another), open today and published unless told. */
  async function addForm(extra: Partial<typeof admissionForms.$inferInsert> = {}) {
    const [form] = await t.database.db
      .insert(admissionForms)
      .values({
        instituteId: demo.id,
        title: 'Class Six 2027',
        academicSession: '2027',
        className: 'Six',
        opensOn: '2000-01-01',
        closesOn: '2999-12-31',
        fee: 50000,
        requiredFields: ['applicantName', 'phone', 'dateOfBirth'],
        questions: [
          { id: 'siblings', label: 'Siblings here', kind: 'number', required: false, options: [] },
          {
            id: 'shift',
            label: 'Shift',
            kind: 'choice',
            required: true,
            options: ['morning', 'day'],
          },
        ],
        attachments: [
          {
            kind: 'photo',
            label: 'Photo',
            required: true,
            types: ['image/jpeg', 'image/png', 'image/webp'],
            maxBytes: 10 * kb,
          },
          {
            kind: 'birth-certificate',
            label: 'Birth certificate',
            required: false,
            types: ['application/pdf', 'image/jpeg'],
            maxBytes: 5 * 1024 * kb,
          },
        ],
        published: true,
        ...extra,
      })
      .returning()
    return form!
  }

  /** A fresh application to the open form: its temporaryId. */
  async function applied(extra: Parameters<typeof application>[0] = {}) {
    const res = await api.submit('demo-school', open.id, application(extra))
    expect(res.status).toBe(201)
    return ((await res.json()) as PublicApplication).temporaryId
  }

  const applicantRows = (key: string) =>
    t.database.db
      .select()
      .from(applicants)
      .where(and(eq(applicants.instituteId, demo.id), eq(applicants.idempotencyKey, key)))

  const attachmentRows = (temporaryId: string) =>
    t.database.db
      .select({ a: applicantAttachments })
      .from(applicantAttachments)
      .innerJoin(applicants, eq(applicants.id, applicantAttachments.applicantId))
      .where(eq(applicants.temporaryId, temporaryId))
      .then((rows) => rows.map((r) => r.a))

  /** The bytes stored for an attachment, which its row's size and sha256 describe. */
  async function storedBytes(row: typeof applicantAttachments.$inferSelect) {
    const bytes = await t.app.services.files.get(row.storageKey)
    expect(bytes).toBeDefined()
    expect({ size: bytes!.length, sha256: sha256(bytes!) }).toEqual({
      size: row.size,
      sha256: row.sha256,
    })
    return bytes!
  }

  /** Another app on the same database, with its own limits. */
  const appWith = (limits: PublicAdmissionLimits) =>
    createApp({
      db: t.database,
      config: t.config,
      log: createLogger('silent'),
      publicAdmission: limits,
    })

  beforeAll(async () => {
    t = await createTestApp()
    const [row] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'demo-school'))
    demo = row!
    open = await addForm()
  })
  afterAll(() => t.database.close())
  beforeEach(() => {
    api = client(() => t.app)
  })

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
      expect(list.institute).toEqual({ slug: 'demo-school', name: demo.name, currency: 'BDT' })
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

  describe('submitting', () => {
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

      const [row] = await applicantRows(key)
      expect(row).toMatchObject({
        temporaryId: app.temporaryId,
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
        expect(await res.json()).toMatchObject({ code: 'bad_request' })
      }
    })

    it('needs an Idempotency-Key of 8 to 100 characters', async () => {
      for (const key of [null, '', '   ', 'short', 'x'.repeat(101)]) {
        const res = await api.submit('demo-school', open.id, application(), key)
        expect(res.status, String(key)).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'bad_idempotency_key' })
      }
    })

    it('answers a retry with the same application, and a different payload under the key with 409', async () => {
      const key = crypto.randomUUID()
      const first = await api.submit('demo-school', open.id, application(), key)
      expect(first.status).toBe(201)
      const { temporaryId } = (await first.json()) as PublicApplication

      const again = await api.submit('demo-school', open.id, application(), key)
      expect(again.status).toBe(200)
      expect(await again.json()).toMatchObject({ temporaryId, status: 'fee_due' })
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
      expect(await changed.json()).toMatchObject({ code: 'idempotency_conflict' })
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

  describe('attachments', () => {
    it('takes a JPEG, a PNG and a PDF, decided by their bytes, and stores them by a key of its own', async () => {
      const temporaryId = await applied()
      const jpeg = await images.jpeg()
      const res = await api.upload(
        temporaryId,
        'photo',
        { bytes: jpeg, name: 'me at the beach.JPG', type: 'image/jpeg' },
        '+880 1711-000111',
      )
      expect(res.status).toBe(200)
      const [row] = await attachmentRows(temporaryId)
      expect(await res.json()).toMatchObject({
        kind: 'photo',
        fileName: 'me at the beach.JPG',
        contentType: 'image/jpeg',
        size: row!.size,
      })
      const [applicant] = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.temporaryId, temporaryId))
      expect(row!.storageKey).toMatch(
        new RegExp(`^admission/${demo.id}/${applicant!.id}/[0-9a-f-]{36}$`),
      )
      // The photo, encoded again.
      const stored = await storedBytes(row!)
      expect(await sharp(stored).metadata()).toMatchObject({
        format: 'jpeg',
        width: 24,
        height: 16,
      })

      // A PNG for the photo, whatever type the browser claimed for it.
      const png = await api.upload(
        temporaryId,
        'photo',
        { bytes: images.png(), name: 'photo.png', type: 'application/octet-stream' },
        '2015-03-14',
      )
      expect(await png.json()).toMatchObject({ contentType: 'image/png' })
      // Larger than a JSON body may be: the upload route has its own limit.
      const size = 2 * 1024 * kb
      const certificate = pdf({
        objects: [`<< /Length ${size} >>\nstream\n${' '.repeat(size)}\nendstream`],
      })
      const sentPdf = await api.upload(
        temporaryId,
        'birth-certificate',
        { bytes: certificate, name: 'birth "certificate".pdf' },
        '2015-03-14',
      )
      expect(sentPdf.status).toBe(200)
      expect(await sentPdf.json()).toMatchObject({
        contentType: 'application/pdf',
        fileName: 'birth _certificate_.pdf',
      })
      // A PDF is kept as sent.
      const rows = await attachmentRows(temporaryId)
      expect(await storedBytes(rows.find((r) => r.kind === 'birth-certificate')!)).toEqual(
        certificate,
      )

      const shown = (await (
        await api.get(`/demo-school/applications/${temporaryId}`)
      ).json()) as PublicApplication
      expect(shown.attachments.map((a) => [a.kind, a.contentType])).toEqual([
        ['birth-certificate', 'application/pdf'],
        ['photo', 'image/png'],
      ])
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, applicant!.id), eq(auditLog.action, 'upload_attachment')))
      expect(audit).toMatchObject({ area: 'admission', userId: null, instituteId: demo.id })
    })

    it('refuses a file of another type than it claims, too large, empty or of an unknown kind', async () => {
      const temporaryId = await applied()
      const phone = '+880 1711 000 111'
      const fake = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.text(), name: 'photo.jpg', type: 'image/jpeg' },
        phone,
      )
      expect(fake.status).toBe(422)
      expect(await fake.json()).toMatchObject({
        errors: { file: ['This type of file is not accepted here.'] },
      })
      // A real PDF, but the photo takes only images.
      const pdf = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.pdf(), name: 'a.pdf' },
        phone,
      )
      expect(pdf.status).toBe(422)

      const large = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.jpeg(10 * kb + 1), name: 'large.jpg' },
        phone,
      )
      expect(large.status).toBe(422)
      expect(await large.json()).toMatchObject({ errors: { file: ['This file is too large.'] } })

      const huge = await api.upload(
        temporaryId,
        'birth-certificate',
        { bytes: files.pdf(10 * 1024 * kb + 100 * kb), name: 'huge.pdf' },
        phone,
      )
      expect(huge.status).toBe(413)
      expect(await huge.json()).toMatchObject({ code: 'payload_too_large' })

      const empty = await api.upload(
        temporaryId,
        'photo',
        { bytes: new Uint8Array(), name: 'e.jpg' },
        phone,
      )
      expect(empty.status).toBe(422)
      expect(await empty.json()).toMatchObject({ errors: { file: ['This file is empty.'] } })
      const none = await api.upload(temporaryId, 'photo', undefined, phone)
      expect(await none.json()).toMatchObject({ errors: { file: ['Choose a file.'] } })

      const unknown = await api.upload(
        temporaryId,
        'passport',
        { bytes: files.jpeg(), name: 'p.jpg' },
        phone,
      )
      expect(unknown.status).toBe(422)
      expect(await unknown.json()).toMatchObject({ errors: { kind: expect.any(Array) } })

      const notMultipart = await api.get(`/demo-school/applications/${temporaryId}`)
      expect(notMultipart.status).toBe(200)
      const json = await t.app.request(
        `${base}/demo-school/applications/${temporaryId}/attachments/photo`,
        { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' },
      )
      expect(json.status).toBe(400)

      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('refuses a file name that tries to be a path, storing nothing', async () => {
      const temporaryId = await applied()
      const stored = async () => attachmentRows(temporaryId)
      for (const name of [
        '../../etc/passwd',
        '..\\..\\windows\\win.ini',
        '/etc/passwd',
        'photo\u0000.jpg',
        'photo\n.jpg',
        '..',
        // Invisible characters between the dots are dropped: the name is '..' once cleaned.
        '.\u200b.',
        '\u200d.\u2060.\ufeff',
        `${'a'.repeat(201)}.jpg`,
      ]) {
        const res = await api.upload(
          temporaryId,
          'photo',
          { bytes: files.jpeg(), name, type: 'image/jpeg' },
          '2015-03-14',
        )
        expect(res.status, JSON.stringify(name)).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'bad_file_name' })
      }
      expect(await stored()).toEqual([])
      const fine = await api.upload(
        temporaryId,
        'photo',
        { bytes: images.jpeg(), name: 'école\u202e.jpg' },
        '2015-03-14',
      )
      expect(await fine.json()).toMatchObject({ fileName: 'école.jpg' })
    })

    it('needs the phone or the date of birth, and locks out after five wrong ones', async () => {
      const temporaryId = await applied()
      const photo = () => ({ bytes: images.jpeg(), name: 'photo.jpg' })
      const missing = await api.upload(temporaryId, 'photo', photo(), undefined)
      expect(missing.status).toBe(422)
      expect(await missing.json()).toMatchObject({ errors: { confirm: expect.any(Array) } })

      // Digits alike, spacing and punctuation aside; or written nationally (0 for +880).
      for (const confirm of [
        '+8801711000111',
        ' 880 (1711) 000 111 ',
        '01711000111',
        '2015-03-14',
      ]) {
        const ok = await api.upload(temporaryId, 'photo', photo(), confirm)
        expect(ok.status, confirm).toBe(200)
      }
      for (let i = 0; i < 5; i++) {
        const wrong = await api.upload(
          temporaryId,
          'photo',
          photo(),
          i % 2 ? '2015-03-15' : '01711000112',
        )
        expect(wrong.status).toBe(403)
        expect(await wrong.json()).toMatchObject({ code: 'confirmation_failed' })
      }
      const locked = await api.upload(temporaryId, 'photo', photo(), '2015-03-14')
      expect(locked.status).toBe(429)
      expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(800)
      // From another address too; other applications are not affected.
      const elsewhere = client(() => t.app)
      expect((await elsewhere.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(429)
      const other = await applied()
      expect((await api.upload(other, 'photo', photo(), '2015-03-14')).status).toBe(200)
    })

    it('lets the lockout end with its window', async () => {
      let clock = Date.parse('2027-01-10T10:00:00Z')
      const app = appWith({ confirmFailures: { limit: 2, windowMs: 60_000 }, now: () => clock })
      const one = client(() => app)
      const temporaryId = await applied()
      const photo = () => ({ bytes: images.jpeg(), name: 'photo.jpg' })
      for (let i = 0; i < 2; i++) {
        expect((await one.upload(temporaryId, 'photo', photo(), '1999-01-01')).status).toBe(403)
      }
      expect((await one.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(429)
      clock += 60_000
      expect((await one.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(200)
    })

    it('counts wrong confirmations sent at once: no more than five get to guess', async () => {
      const temporaryId = await applied()
      // Every upload's body arrives only once all of them have passed the early lockout check.
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      const started: Promise<void>[] = []
      const guesses = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const form = new FormData()
          form.append('file', new File([files.jpeg() as Uint8Array<ArrayBuffer>], 'guess.jpg'))
          form.append('confirm', `2015-01-${String(i + 1).padStart(2, '0')}`)
          const encoded = new Response(form)
          const bytes = new Uint8Array(await encoded.arrayBuffer())
          let pulled!: () => void
          started.push(new Promise<void>((resolve) => (pulled = resolve)))
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              pulled()
              await gate
              controller.enqueue(bytes)
              controller.close()
            },
          })
          return { body, type: encoded.headers.get('content-type')! }
        }),
      )
      const sent = guesses.map(({ body, type }) =>
        t.app.request(
          `${base}/demo-school/applications/${temporaryId}/attachments/photo`,
          { method: 'PUT', headers: { 'Content-Type': type }, body, duplex: 'half' } as RequestInit,
          { incoming: { socket: { remoteAddress: `192.0.2.${++ipSeq}` } } },
        ),
      )
      await Promise.all(started)
      open()
      const statuses = (await Promise.all(sent)).map((res) => res.status)
      expect(statuses.filter((s) => s === 403)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(7)
    })

    it('replaces an earlier file of the kind, deleting its bytes; the same file again changes nothing', async () => {
      const temporaryId = await applied()
      const first = images.jpeg()
      const second = await images.jpeg()
      await api.upload(temporaryId, 'photo', { bytes: first, name: 'one.jpg' }, '2015-03-14')
      const [before] = await attachmentRows(temporaryId)
      await storedBytes(before!)

      const replaced = await api.upload(
        temporaryId,
        'photo',
        { bytes: second, name: 'two.jpg' },
        '2015-03-14',
      )
      expect(replaced.status).toBe(200)
      const rows = await attachmentRows(temporaryId)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id: before!.id, fileName: 'two.jpg' })
      expect(rows[0]!.storageKey).not.toBe(before!.storageKey)
      expect(await t.app.services.files.get(before!.storageKey)).toBeUndefined()
      await storedBytes(rows[0]!)

      const answer = await replaced.json()
      const again = await api.upload(
        temporaryId,
        'photo',
        { bytes: second, name: 'two.jpg' },
        '2015-03-14',
      )
      expect(await again.json()).toEqual(answer)
      expect(await attachmentRows(temporaryId)).toEqual(rows)

      // Simultaneous uploads of one kind leave one row and one stored file.
      const racing = await Promise.all(
        [images.png(), images.png(), images.png()].map((bytes, i) =>
          api.upload(temporaryId, 'photo', { bytes, name: `race-${i}.png` }, '2015-03-14'),
        ),
      )
      expect(racing.map((r) => r.status)).toEqual([200, 200, 200])
      const [last] = await attachmentRows(temporaryId)
      for (const row of [before!, rows[0]!]) {
        expect(await t.app.services.files.get(row.storageKey)).toBeUndefined()
      }
      expect(await t.app.services.files.get(last!.storageKey)).toBeDefined()
    })

    it('takes nothing more once the application is rejected or enrolled', async () => {
      const temporaryId = await applied()
      await t.database.db
        .update(applicants)
        .set({ status: 'rejected' })
        .where(eq(applicants.temporaryId, temporaryId))
      const res = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.jpeg(), name: 'late.jpg' },
        '2015-03-14',
      )
      expect(res.status).toBe(409)
      expect(await attachmentRows(temporaryId)).toEqual([])
      const missing = await api.upload('B'.repeat(22), 'photo', { bytes: files.jpeg() }, 'x')
      expect(missing.status).toBe(404)
    })
  })

  describe('what a file holds', () => {
    const confirm = '2015-03-14'
    /** The refusal of a file by its content: 422 on the file, with a code of its own. */
    const refusedAs = async (res: Response, code: keyof typeof fileRefusals) => {
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ code, errors: { file: [fileRefusals[code]] } })
    }

    it('refuses what only starts like an image: a PNG header before a script, a cut-off JPEG', async () => {
      const temporaryId = await applied()
      const script = new TextEncoder().encode('<script>alert(document.cookie)</script>')
      const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...script])
      const png = await api.upload(temporaryId, 'photo', { bytes: fake, name: 'p.png' }, confirm)
      await refusedAs(png, 'file_damaged')

      const jpeg = await images.jpeg()
      const cut = await api.upload(
        temporaryId,
        'photo',
        { bytes: jpeg.slice(0, jpeg.length / 2), name: 'half.jpg' },
        confirm,
      )
      await refusedAs(cut, 'file_damaged')
      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('takes a real PNG, JPEG or WEBP and stores it encoded again: its pixels, nothing after them', async () => {
      const temporaryId = await applied()
      for (const format of ['png', 'jpeg', 'webp'] as const) {
        const image = await images[format]()
        const script = new TextEncoder().encode('<script>alert(1)</script>')
        const res = await api.upload(
          temporaryId,
          'photo',
          { bytes: new Uint8Array([...image, ...script]), name: `photo.${format}` },
          confirm,
        )
        expect(res.status, format).toBe(200)
        expect(await res.json()).toMatchObject({ contentType: `image/${format}` })
        const [row] = await attachmentRows(temporaryId)
        const stored = await storedBytes(row!)
        expect(await sharp(stored).metadata()).toMatchObject({ format, width: 24, height: 16 })
        expect(Buffer.from(stored).includes('<script>')).toBe(false)
      }
    })

    it('stores a photo upright and without its metadata (no GPS position); the same photo again answers the same', async () => {
      const temporaryId = await applied()
      // Taken with the phone on its side: 24×16 pixels, shown 16×24.
      const taken = await sharp(await images.jpeg())
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: 'PhoneMaker' },
          // libvips' name for the GPS directory.
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' },
        })
        .toBuffer()
      const sent = await sharp(taken).metadata()
      expect(sent.orientation).toBe(6)
      // Big-endian or little, the GPSInfo tag (0x8825) is there.
      expect(
        sent.exif?.includes(Buffer.from([0x88, 0x25])) ||
          sent.exif?.includes(Buffer.from([0x25, 0x88])),
      ).toBe(true)
      const send = () => api.upload(temporaryId, 'photo', { bytes: taken, name: 'me.jpg' }, confirm)
      const first = await send()
      expect(first.status).toBe(200)
      const [row] = await attachmentRows(temporaryId)
      const stored = await sharp(await storedBytes(row!)).metadata()
      expect(stored).toMatchObject({ format: 'jpeg', width: 16, height: 24 })
      expect(stored.exif).toBeUndefined()
      expect(stored.orientation).toBeUndefined()

      const again = await send()
      expect(await again.json()).toEqual(await first.json())
      expect(await attachmentRows(temporaryId)).toEqual([row])
    })

    it('refuses an image whose pixels would not fit its limits, before decoding it', async () => {
      const temporaryId = await applied()
      // A tiny PNG whose header says 20,000 × 20,000 pixels: a decompression bomb.
      const png = await images.png()
      const header = Buffer.from(png.slice(12, 29))
      header.writeUInt32BE(20_000, 4)
      header.writeUInt32BE(20_000, 8)
      const bomb = Buffer.from(png)
      header.copy(bomb, 12)
      bomb.writeUInt32BE(crc32(header), 29)
      const res = await api.upload(temporaryId, 'photo', { bytes: bomb, name: 'b.png' }, confirm)
      await refusedAs(res, 'image_too_large')

      // Under the form's limit as sent, over it once encoded again: the stored file must fit.
      const rough = await picture('jpeg', { width: 256, height: 256, quality: 10 })
      expect(rough.length).toBeLessThan(10 * kb)
      const grown = await api.upload(temporaryId, 'photo', { bytes: rough, name: 'r.jpg' }, confirm)
      expect(grown.status).toBe(422)
      expect(await grown.json()).toMatchObject({ errors: { file: ['This file is too large.'] } })
      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('refuses a PDF that would run or open something, however it is written', async () => {
      const temporaryId = await applied()
      const script = '<< /S /JavaScript /JS (app.launchURL\\("https://example.com"\\)) >>'
      const hidden = pdf({ catalog: '/OpenAction 4 0 R', objects: [script], compressed: true })
      // Only inside the compressed stream: not in the file's bytes as such.
      expect(Buffer.from(hidden).includes('JavaScript')).toBe(false)
      const cases = {
        'on opening': pdf({ catalog: '/OpenAction 4 0 R', objects: [script] }),
        'in a compressed object stream': hidden,
        'with escaped names': pdf({ catalog: '/Open#41ction << /S /J#61vaScript /J#53 (x) >>' }),
        'as a page action': pdf({ objects: ['<< /Type /Page /AA << /O 5 0 R >> >>', script] }),
        'as a program to launch': pdf({
          catalog: '/OpenAction << /S /Launch /F (cmd.exe) >>',
        }),
        'as an attached file': pdf({
          catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>',
          objects: ['<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>'],
        }),
        'as an XML form': pdf({
          catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>',
          objects: ['[]'],
        }),
      }
      for (const [name, bytes] of Object.entries(cases)) {
        const res = await api.upload(
          temporaryId,
          'birth-certificate',
          { bytes, name: 'certificate.pdf' },
          confirm,
        )
        expect(res.status, name).toBe(422)
        expect(await res.json(), name).toMatchObject({
          code: 'file_active_content',
          errors: { file: [fileRefusals.file_active_content] },
        })
      }
      expect(await attachmentRows(temporaryId)).toEqual([])

      // Opening on its first page is no action; a plain document is kept as sent.
      for (const plain of [
        pdf({ compressed: true }),
        pdf({ catalog: '/OpenAction [3 0 R /Fit]' }),
      ]) {
        const res = await api.upload(
          temporaryId,
          'birth-certificate',
          { bytes: plain, name: 'certificate.pdf' },
          confirm,
        )
        expect(res.status).toBe(200)
        const [row] = await attachmentRows(temporaryId)
        expect(await storedBytes(row!)).toEqual(plain)
      }
    })

    it('refuses a PDF it cannot check: an encrypted one, a bare header, a compression bomb', async () => {
      const temporaryId = await applied()
      const send = (bytes: Uint8Array) =>
        api.upload(temporaryId, 'birth-certificate', { bytes, name: 'c.pdf' }, confirm)
      // Needing a password to open, or locked against editing only.
      for (const userPassword of ['secret', '']) {
        const locked = await PDFDocument.create()
        locked.addPage()
        locked.encrypt({ ownerPassword: 'owner', userPassword })
        await refusedAs(await send(await locked.save()), 'file_encrypted')
      }

      await refusedAs(await send(new TextEncoder().encode('%PDF-1.7\n<script>')), 'file_damaged')

      // 200 KB that would inflate to 200 MB while the PDF is read.
      const spaces = deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 })
      const bomb = Buffer.concat([
        Buffer.from(
          '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
            `2 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${spaces.length} >>\nstream\n`,
          'latin1',
        ),
        spaces,
        Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
      ])
      await refusedAs(await send(bomb), 'file_damaged')
      expect(await attachmentRows(temporaryId)).toEqual([])
    })
  })
})
