import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  applicationSchemaFor,
  AttachmentConfirmSchema,
  maxAttachmentBytes,
  samePhone,
  standardFields,
  SubmitApplicationSchema,
  type ApplicantStatus,
  type AttachmentType,
  type PublicApplication,
  type PublicAttachment,
  type PublicFormList,
  type PublicInstitute,
} from '../../../shared/schemas/admission.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { admissionForms, applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { writeAudit } from '../../lib/audit.ts'
import { ApiException, badRequest, tooManyRequests, validationFailed } from '../../lib/errors.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import { sniffType } from '../../../shared/file-type.ts'
import { FailureThrottle } from '../../lib/throttle.ts'
import { issuesToErrors } from '../../../shared/schemas/issues.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { maskPhone } from '../auth/mask.ts'
import { formBody, isAccepting, publicForm, todayIn, type FormRow } from './form-read.ts'

/** `PUT …/applications/:temporaryId/attachments/:kind`: allowed a larger body than JSON. */
export const attachmentUploadPath =
  /^\/api\/admission\/public\/[^/]+\/applications\/[^/]+\/attachments\/[^/]+$/

interface Window {
  limit: number
  windowMs: number
}

/** How much one client may do; every limit is per IP except wrong confirmations. */
export interface PublicAdmissionLimits {
  /** Any public admission request. */
  requests?: Window
  /** New applications, counted by distinct Idempotency-Key: a retry of a key is free. */
  applications?: Window
  /** Attachment uploads. */
  uploads?: Window
  /** Wrong phone numbers or dates of birth per application before its uploads answer 429. */
  confirmFailures?: Window
  now?: () => number
}

const defaults = {
  requests: { limit: 300, windowMs: 60_000 },
  // Generous: families behind one address (school Wi-Fi, a carrier's NAT) apply on one day.
  applications: { limit: 100, windowMs: 60 * 60_000 },
  uploads: { limit: 60, windowMs: 60_000 },
  confirmFailures: { limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Window>

/**
 * Distinct keys per client in a fixed window: the n+1st new key answers 429, a key already
 * counted passes again. Kept in memory like the other limits (one process).
 */
class DistinctKeyLimit {
  private windows = new Map<string, { start: number; keys: Set<string> }>()

  constructor(
    private readonly opts: Window,
    private readonly now: () => number,
  ) {}

  take(client: string, key: string): void {
    const t = this.now()
    let w = this.windows.get(client)
    if (!w || t - w.start >= this.opts.windowMs) {
      if (this.windows.size > 10_000) this.windows.clear()
      w = { start: t, keys: new Set() }
      this.windows.set(client, w)
    }
    if (w.keys.has(key)) return
    if (w.keys.size >= this.opts.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((w.start + this.opts.windowMs - t) / 1000)))
    }
    w.keys.add(key)
  }
}

type InstituteRow = typeof institutes.$inferSelect
type ApplicantRow = typeof applicants.$inferSelect
type AttachmentRow = typeof applicantAttachments.$inferSelect

const instituteNotFound = () =>
  new ApiException(404, 'We could not find this institute.', { code: 'institute_not_found' })
const formNotFound = () =>
  new ApiException(404, 'We could not find this admission form.', { code: 'form_not_found' })
const applicationNotFound = () =>
  new ApiException(404, 'We could not find this application.', { code: 'application_not_found' })

/** Statuses after which nothing of the application changes any more. */
const finalStatuses: readonly ApplicantStatus[] = ['rejected', 'enrolled']

const publicInstitute = (row: InstituteRow): PublicInstitute => ({
  slug: row.slug,
  name: row.name,
  currency: row.currency,
})

async function instituteOr404(c: Context<AppEnv>): Promise<InstituteRow> {
  const slug = c.req.param('institute') ?? ''
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) throw instituteNotFound()
  const [row] = await c.var.database.db.select().from(institutes).where(eq(institutes.slug, slug))
  if (!row) throw instituteNotFound()
  return row
}

/** A form of the institute by id, published or not; undefined for a malformed id. */
async function formOf(db: Db, instituteId: string, formId: string): Promise<FormRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(formId)) {
    return undefined
  }
  const [form] = await db
    .select()
    .from(admissionForms)
    .where(and(eq(admissionForms.instituteId, instituteId), eq(admissionForms.id, formId)))
  return form
}

async function publishedFormOr404(c: Context<AppEnv>, institute: InstituteRow) {
  const form = await formOf(c.var.database.db, institute.id, c.req.param('formId') ?? '')
  if (!form?.published) throw formNotFound()
  return form
}

/** 16 random bytes: 22 characters of base64url, guessed by nobody. */
const newTemporaryId = () => randomBytes(16).toString('base64url')
const temporaryIdPattern = /^[A-Za-z0-9_-]{22}$/

async function applicantOr404(c: Context<AppEnv>, institute: InstituteRow): Promise<ApplicantRow> {
  const temporaryId = c.req.param('temporaryId') ?? ''
  if (!temporaryIdPattern.test(temporaryId)) throw applicationNotFound()
  const [row] = await c.var.database.db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, institute.id), eq(applicants.temporaryId, temporaryId)))
  if (!row) throw applicationNotFound()
  return row
}

const publicAttachment = (row: AttachmentRow): PublicAttachment => ({
  kind: row.kind,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  uploadedAt: row.uploadedAt.toISOString(),
})

/** The application as its temporaryId shows it: no date of birth, the phone masked. */
async function publicApplication(
  db: Db,
  row: ApplicantRow,
  institute: InstituteRow,
  form?: FormRow,
): Promise<PublicApplication> {
  const theForm = form ?? (await formOf(db, institute.id, row.formId))!
  const body = formBody(theForm)
  const uploaded = await db
    .select()
    .from(applicantAttachments)
    .where(eq(applicantAttachments.applicantId, row.id))
    .orderBy(asc(applicantAttachments.kind))
  const stored = Object.fromEntries(standardFields.map((f) => [f, row.fields[f] ?? '']))
  return {
    temporaryId: row.temporaryId,
    formId: row.formId,
    formTitle: theForm.title,
    institute: publicInstitute(institute),
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    fee: row.fee,
    fields: {
      ...(stored as PublicApplication['fields']),
      applicantName: row.applicantName,
      phone: maskPhone(row.phone),
      dateOfBirth: '',
    },
    answers: row.answers,
    questions: body.questions,
    attachmentRequirements: body.attachments,
    attachments: uploaded.map(publicAttachment),
  }
}

/** JSON with every object's keys sorted, so the same data always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/**
 * What a retry must repeat: the form and the submission as validated (trimmed, defaults
 * filled, unanswered questions left out), whatever the order of its keys. Validated with the
 * form-independent schema, so an honest retry still matches after staff have edited the form.
 */
function payloadHash(formId: string, body: v.InferOutput<typeof SubmitApplicationSchema>) {
  const answers = Object.fromEntries(
    Object.entries(body.answers)
      .map(([id, answer]) => [id, answer.trim()] as const)
      .filter(([, answer]) => answer !== ''),
  )
  return sha256(canonicalJson({ formId, fields: body.fields, answers }))
}

function idempotencyKeyOf(c: Context<AppEnv>): string {
  const key = c.req.header('idempotency-key')?.trim() ?? ''
  if (key.length < 8 || key.length > 100) {
    throw badRequest(
      'An Idempotency-Key header of 8–100 characters is required.',
      'bad_idempotency_key',
    )
  }
  return key
}

async function applicantByKey(db: Db, instituteId: string, key: string) {
  const [row] = await db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, instituteId), eq(applicants.idempotencyKey, key)))
  return row
}

/** An earlier submission under the key: the same answer again, or 409 for another payload. */
function replayOf(row: ApplicantRow, hash: string): ApplicantRow {
  if (row.payloadHash !== hash) {
    throw new ApiException(409, 'This Idempotency-Key was used for a different application.', {
      code: 'idempotency_conflict',
    })
  }
  return row
}

/** The phone (any spacing or punctuation) or the date of birth given on the form. */
function confirms(row: ApplicantRow, confirm: string): boolean {
  const typed = confirm.trim()
  if (row.dateOfBirth && typed === row.dateOfBirth) return true
  return samePhone(typed, row.phone)
}

const extensions: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

/**
 * The file's name as sent, kept only as a label for staff: refused when it tries to be a path
 * or carries control characters; quotes and characters some systems forbid become `_`.
 */
function fileNameOf(name: string): string {
  const refused = (text: string) =>
    text.length > 200 || /[/\\]|\p{Cc}/u.test(text) || text.includes('..')
  // Checked as sent and as kept: dropping invisible characters may bring two dots together.
  const kept = refused(name)
    ? undefined
    : name
        .normalize('NFC')
        .replace(/\p{Cf}/gu, '')
        .replace(/["<>:*?|;]/g, '_')
        .replace(/\s+/g, ' ')
        .trim()
  if (kept === undefined || refused(kept)) {
    throw badRequest(
      'This file name cannot be accepted. Rename the file and try again.',
      'bad_file_name',
    )
  }
  return kept
}

const fileErrors = (message: string) => validationFailed({ file: [message] })

/**
 * What is kept of an upload (see checkedContent), or 422 on the file with the refusal's code.
 * The checks load sharp and pdf-lib, which take a while: at the first upload, not at start.
 */
async function storedContent(bytes: Uint8Array, type: AttachmentType) {
  const { checkedContent, FileRefused } = await import('../../lib/file-check.ts')
  try {
    return await checkedContent(bytes, type)
  } catch (err) {
    if (!(err instanceof FileRefused)) throw err
    throw new ApiException(422, 'The given data was invalid.', {
      errors: { file: [err.message] },
      code: err.code,
    })
  }
}

/**
 * The applicant side, open to anyone: an institute's forms, submission, the application by its
 * temporaryId and its attachments. A factory, so each app keeps its own limits.
 */
export const publicAdmissionRoutes = (limits: PublicAdmissionLimits = {}) => {
  const now = limits.now ?? Date.now
  const requests = limits.requests ?? defaults.requests
  const uploads = limits.uploads ?? defaults.uploads
  const confirmFailures = limits.confirmFailures ?? defaults.confirmFailures
  const newApplications = new DistinctKeyLimit(limits.applications ?? defaults.applications, now)
  const confirmThrottle = new FailureThrottle(confirmFailures.windowMs, now)

  return new Hono<AppEnv>()
    .use(rateLimit({ ...requests, now }))

    .get('/:institute', async (c) => {
      const institute = await instituteOr404(c)
      const today = todayIn(institute.timezone)
      const forms = await c.var.database.db
        .select()
        .from(admissionForms)
        .where(
          and(
            eq(admissionForms.instituteId, institute.id),
            eq(admissionForms.published, true),
            eq(admissionForms.closed, false),
            lte(admissionForms.opensOn, today),
            gte(admissionForms.closesOn, today),
          ),
        )
        .orderBy(asc(admissionForms.closesOn), asc(admissionForms.title), asc(admissionForms.id))
      return c.json<PublicFormList>({
        institute: publicInstitute(institute),
        forms: forms.map((f) => ({
          id: f.id,
          title: f.title,
          academicSession: f.academicSession,
          className: f.className,
          groupName: f.groupName,
          closesOn: f.closesOn,
          fee: f.fee,
        })),
      })
    })

    .get('/:institute/forms/:formId', async (c) => {
      const institute = await instituteOr404(c)
      const form = await publishedFormOr404(c, institute)
      return c.json(publicForm(form, publicInstitute(institute), todayIn(institute.timezone)))
    })

    .post('/:institute/forms/:formId/applications', async (c) => {
      const key = idempotencyKeyOf(c)
      const institute = await instituteOr404(c)
      const raw = await readJson(c, v.unknown())
      const formId = c.req.param('formId')
      const db = c.var.database.db

      // A retry answers from what was stored, even if the form has closed or changed since.
      const generic = v.safeParse(SubmitApplicationSchema, raw)
      if (generic.success) {
        const earlier = await applicantByKey(db, institute.id, key)
        if (earlier) {
          const row = replayOf(earlier, payloadHash(formId, generic.output))
          return c.json(await publicApplication(db, row, institute))
        }
      }

      const form = await publishedFormOr404(c, institute)
      if (!isAccepting(form, todayIn(institute.timezone))) {
        throw new ApiException(409, 'This form is not taking applications now.', {
          code: 'form_not_accepting',
        })
      }
      newApplications.take(clientIp(c), key)
      const body = parseOrThrow(applicationSchemaFor(formBody(form)), raw)
      // The form's schema is the stricter: whatever passes it passes the general one.
      if (!generic.success) throw validationFailed(issuesToErrors(generic.issues))
      const hash = payloadHash(formId, generic.output)

      const { fields, answers } = body
      const result = await db.transaction(async (tx) => {
        // One row per key, however many arrive at once: the losers read the winner's.
        const [created] = await tx
          .insert(applicants)
          .values({
            instituteId: institute.id,
            formId: form.id,
            temporaryId: newTemporaryId(),
            // The fee is paid online in a later step; until then the application waits for it.
            status: form.fee > 0 ? 'fee_due' : 'submitted',
            applicantName: fields.applicantName,
            phone: fields.phone,
            email: fields.email,
            dateOfBirth: fields.dateOfBirth || null,
            fields,
            answers,
            fee: form.fee,
            idempotencyKey: key,
            payloadHash: hash,
          })
          .onConflictDoNothing({ target: [applicants.instituteId, applicants.idempotencyKey] })
          .returning()
        if (!created) return { row: (await applicantByKey(tx, institute.id, key))!, created }
        await writeAudit(tx, {
          area: 'admission',
          action: 'submit',
          entity: 'applicant',
          entityId: created.id,
          instituteId: institute.id,
          userId: null,
          after: {
            temporaryId: created.temporaryId,
            form: form.title,
            applicantName: created.applicantName,
            status: created.status,
            fee: created.fee,
          },
          ...requestInfo(c),
        })
        return { row: created, created }
      })
      const row = result.created ? result.row : replayOf(result.row, hash)
      return c.json(await publicApplication(db, row, institute, form), result.created ? 201 : 200)
    })

    .get('/:institute/applications/:temporaryId', async (c) => {
      const institute = await instituteOr404(c)
      const row = await applicantOr404(c, institute)
      return c.json(await publicApplication(c.var.database.db, row, institute))
    })

    .put(
      '/:institute/applications/:temporaryId/attachments/:kind',
      rateLimit({ ...uploads, now }),
      async (c) => {
        const institute = await instituteOr404(c)
        const applicant = await applicantOr404(c, institute)
        const { database, services, log } = c.var
        const db = database.db
        const failures = `admission-confirm:${applicant.id}`
        confirmThrottle.check({ [failures]: confirmFailures.limit })
        if (finalStatuses.includes(applicant.status)) {
          throw new ApiException(409, 'This application can no longer be changed.', {
            code: 'invalid_status',
          })
        }
        const form = (await formOf(db, institute.id, applicant.formId))!
        const kind = c.req.param('kind')
        const requirement = formBody(form).attachments.find((a) => a.kind === kind)
        if (!requirement) {
          throw validationFailed({ kind: ['This form asks for no attachment of this kind.'] })
        }

        const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
        if (type !== 'multipart/form-data') {
          throw badRequest(
            'Expected a file upload (Content-Type: multipart/form-data)',
            'unsupported_media_type',
          )
        }
        let parts: Record<string, string | File>
        try {
          parts = await c.req.parseBody()
        } catch {
          throw badRequest('Malformed upload', 'malformed_body')
        }
        const { confirm } = parseOrThrow(AttachmentConfirmSchema, {
          confirm: typeof parts.confirm === 'string' ? parts.confirm : undefined,
        })
        // Again, now that the body is in: guesses sent at once all passed the first check while
        // their bodies arrived. Checking, comparing and counting with no await between them
        // lets no more than the limit guess.
        confirmThrottle.check({ [failures]: confirmFailures.limit })
        if (!confirms(applicant, confirm)) {
          confirmThrottle.fail(failures)
          throw new ApiException(
            403,
            'This is not the phone number or date of birth given on the form.',
            { code: 'confirmation_failed' },
          )
        }

        const file = parts.file
        if (!(file instanceof File)) throw fileErrors('Choose a file.')
        const sent = fileNameOf(file.name)
        if (file.size === 0) throw fileErrors('This file is empty.')
        if (file.size > maxAttachmentBytes) {
          throw new ApiException(413, 'Request body too large', { code: 'payload_too_large' })
        }
        if (file.size > requirement.maxBytes) throw fileErrors('This file is too large.')
        const bytes = new Uint8Array(await file.arrayBuffer())
        const sniffed = sniffType(bytes)
        if (!sniffed || !requirement.types.includes(sniffed)) {
          throw fileErrors('This type of file is not accepted here.')
        }
        // What is kept: an image encoded again (the same photo sent again encodes the same, so
        // a retry still finds its row), a PDF as sent once checked.
        const stored = await storedContent(bytes, sniffed)
        if (stored.length > requirement.maxBytes) throw fileErrors('This file is too large.')
        const fileName = sent || `${kind}.${extensions[sniffed]}`
        const digest = sha256(stored)
        const sameAs = (row: AttachmentRow | undefined) =>
          row?.sha256 === digest && row.fileName === fileName

        const [existing] = await db
          .select()
          .from(applicantAttachments)
          .where(
            and(
              eq(applicantAttachments.applicantId, applicant.id),
              eq(applicantAttachments.kind, kind),
            ),
          )
        // The same file again (a retry): the stored one stands.
        if (sameAs(existing)) return c.json(publicAttachment(existing!))

        const storageKey = `admission/${institute.id}/${applicant.id}/${randomUUID()}`
        await services.files.put(storageKey, stored)
        let saved: { row: AttachmentRow; replaced: string | undefined; unused: boolean }
        try {
          saved = await db.transaction(async (tx) => {
            // Uploads to one application take turns, and see a decision made meanwhile.
            const [locked] = await tx
              .select({ status: applicants.status })
              .from(applicants)
              .where(eq(applicants.id, applicant.id))
              .for('update')
            if (!locked || finalStatuses.includes(locked.status)) {
              throw new ApiException(409, 'This application can no longer be changed.', {
                code: 'invalid_status',
              })
            }
            const [old] = await tx
              .select()
              .from(applicantAttachments)
              .where(
                and(
                  eq(applicantAttachments.applicantId, applicant.id),
                  eq(applicantAttachments.kind, kind),
                ),
              )
            if (sameAs(old)) return { row: old!, replaced: undefined, unused: true }
            const values = {
              fileName,
              contentType: sniffed,
              size: stored.length,
              sha256: digest,
              storageKey,
              uploadedAt: new Date(),
            }
            const [row] = old
              ? await tx
                  .update(applicantAttachments)
                  .set(values)
                  .where(eq(applicantAttachments.id, old.id))
                  .returning()
              : await tx
                  .insert(applicantAttachments)
                  .values({ ...values, instituteId: institute.id, applicantId: applicant.id, kind })
                  .returning()
            const view = (r: AttachmentRow) => ({
              kind: r.kind,
              fileName: r.fileName,
              contentType: r.contentType,
              size: r.size,
              sha256: r.sha256,
            })
            await writeAudit(tx, {
              area: 'admission',
              action: 'upload_attachment',
              entity: 'applicant',
              entityId: applicant.id,
              instituteId: institute.id,
              userId: null,
              before: old ? view(old) : null,
              after: view(row!),
              ...requestInfo(c),
            })
            return { row: row!, replaced: old?.storageKey, unused: false }
          })
        } catch (err) {
          await services.files.delete(storageKey).catch(() => undefined)
          throw err
        }
        // Bytes nobody refers to any more go once the change has committed.
        const orphan = saved.unused ? storageKey : saved.replaced
        if (orphan) {
          await services.files.delete(orphan).catch((err: unknown) => {
            log.warn('could not delete a replaced attachment', { key: orphan, err: String(err) })
          })
        }
        return c.json(publicAttachment(saved.row))
      },
    )
}
