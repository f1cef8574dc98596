// The public admission suites' fixtures: files, an application, clients per address, and the
// app with the demo institute and an open form (publicAdmissionSuite).
import { createHash, randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { PublicApplication } from '../../shared/schemas/admission-applications.ts'
import { createApp } from '../app.ts'
import { admissionForms, applicantAttachments, applicants } from '../db/schema/admission.ts'
import { institutes } from '../db/schema/institutes.ts'
import { createLogger } from '../lib/logger.ts'
import type { PublicAdmissionLimits } from '../modules/admission/public.ts'
import { createTestApp, type TestApp } from './test-app.ts'
import { placementIn } from './admission.ts'
import { rowKey } from '../db/tenant-rows.ts'

type App = TestApp['app']
export const base = '/api/admission/public'
export const kb = 1024

/** Bytes that only start like a file of their type: enough for checks made before the content. */
export const files = {
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
export async function picture(
  format: 'jpeg' | 'png' | 'webp',
  { width = 24, height = 16, quality = 80 } = {},
) {
  const pixels = randomBytes(width * height * 3)
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  return new Uint8Array(await image.toFormat(format, { quality }).toBuffer())
}
export const images = {
  jpeg: () => picture('jpeg'),
  png: () => picture('png'),
  webp: () => picture('webp'),
}

/**
 * A one-page PDF written by hand: `catalog` adds to the document catalog, `objects` are
 * numbered from 4, and `compressed` puts every object but the catalog in a compressed object
 * stream, where no scanner of the raw bytes sees them.
 */
export function pdf(o: { catalog?: string; objects?: string[]; compressed?: boolean } = {}) {
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

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export const fields = {
  applicantName: 'Nadia Rahman',
  dateOfBirth: '2015-03-14',
  gender: 'female',
  fatherName: 'Karim Rahman',
  phone: '+880 1711-000111',
  email: 'nadia.family@example.com',
}
export const application = (extra: { fields?: object; answers?: object } = {}) => ({
  fields: { ...fields, ...extra.fields },
  answers: { shift: 'morning', siblings: '1', ...extra.answers },
})

let ipSeq = 0
/** Another client address, unused so far in the test file. */
export const nextIp = () => `192.0.2.${++ipSeq}`

/** Requests from one client address (rate limits count per address). */
export function client(app: () => App, ip = nextIp()) {
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
    sendLink: (temporaryId: string, body: unknown, headers: Record<string, string> = {}) =>
      request(`${base}/demo-school/applications/${temporaryId}/send-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
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

export type Form = typeof admissionForms.$inferSelect
export type Institute = typeof institutes.$inferSelect
export type Client = ReturnType<typeof client>

/**
 * Registers the hooks of a public admission suite: a fresh app per file, the demo institute
 * with an open form, a new client address per test. `ready` receives the app, the institute and
 * the form before any later hook or test runs: `publicAdmissionSuite((s) => ({ t, open } = s))`;
 * `api` is the client of the test that runs.
 */
export function publicAdmissionSuite(
  ready: (suite: { t: TestApp; demo: Institute; open: Form }) => void = () => {},
) {
  let t: TestApp
  let demo: Institute
  let open: Form
  let current: Client
  const api: Client = {
    get ip() {
      return current.ip
    },
    get: (...args) => current.get(...args),
    submit: (...args) => current.submit(...args),
    sendLink: (...args) => current.sendLink(...args),
    upload: (...args) => current.upload(...args),
  }

  /** A form of the demo institute (or another), open today and published unless told. */
  async function addForm(extra: Partial<typeof admissionForms.$inferInsert> = {}) {
    const [form] = await t.database.db
      .insert(admissionForms)
      .values({
        instituteId: demo.id,
        title: 'Class Six 2027',
        ...(await placementIn(t, extra.instituteId ?? demo.id, { session: '2027' })),
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
      .innerJoin(
        applicants,
        rowKey(applicants, applicantAttachments.instituteId, applicantAttachments.applicantId),
      )
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
    ready({ t, demo, open })
  })
  afterAll(() => t.database.close())
  beforeEach(() => {
    current = client(() => t.app)
  })

  return {
    api,
    addForm,
    applied,
    applicantRows,
    attachmentRows,
    storedBytes,
    appWith,
  }
}
