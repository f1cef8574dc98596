import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  AttachmentConfirmSchema,
  confirmationKind,
  samePhone,
} from '../../../shared/schemas/admission-applications.ts'
import { maxAttachmentBytes, type AttachmentType } from '../../../shared/schemas/admission-forms.ts'
import { sniffType } from '../../../shared/file-type.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { writeAudit } from '../../lib/audit.ts'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import { ApiException, badRequest, conflict, refuse, validationFailed } from '../../lib/errors.ts'
import { rateLimit, type RateWindow } from '../../lib/rate-limit.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { Counters } from '../../lib/counters.ts'
import { FailureThrottle } from '../../lib/throttle.ts'
import { parseOrThrow } from '../../lib/validate.ts'
import { formBody } from './form-read.ts'
import {
  applicantOr404,
  finalStatuses,
  formOf,
  instituteOr404,
  publicAttachment,
  type ApplicantRow,
  type AttachmentRow,
} from './public-read.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { PublicAttachmentSchema } from '../../../shared/schemas/admission-applications.ts'

/** `PUT …/applications/:temporaryId/attachments/:kind`: allowed a larger body than JSON. */
export const attachmentUploadPath =
  /^\/api\/admission\/public\/[^/]+\/applications\/[^/]+\/attachments\/[^/]+$/

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/**
 * The phone (any spacing or punctuation) or the date of birth given on the form. `confirm` has
 * passed AttachmentConfirmSchema: it is one of the two, so a slip in writing it never gets here.
 */
function confirms(row: ApplicantRow, confirm: string): boolean {
  const typed = confirm.trim()
  if (confirmationKind(typed) === 'date') return typed === row.dateOfBirth
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
    throw badRequest('bad_file_name')
  }
  return kept
}

const fileErrors = (code: ErrorCode) => validationFailed({ file: code })

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
    throw new ApiException(422, err.code, undefined, { fields: { file: [{ code: err.code }] } })
  }
}

/**
 * An applicant's attachments, uploaded to the application by its temporaryId once they confirm
 * the phone or date of birth given on the form. Mounted by publicAdmissionRoutes, under its
 * limit of requests of every kind.
 */
export const publicAttachmentRoutes = (limits: {
  /** Attachment uploads per IP. */
  uploads: RateWindow
  /** Wrong phone numbers or dates of birth per application before its uploads answer 429. */
  confirmFailures: RateWindow
  now: () => number
}) => {
  const { uploads, confirmFailures, now } = limits

  return new Hono<AppEnv>()
    .put(
      '/:institute/applications/:temporaryId/attachments/:kind',
      documented({ upload: 'application/octet-stream', answers: PublicAttachmentSchema }),
    )
    .put(
      '/:institute/applications/:temporaryId/attachments/:kind',
      rateLimit({ name: 'admission-uploads', ...uploads, now }),
      async (c) => {
        const institute = await instituteOr404(c)
        const applicant = await applicantOr404(c, institute)
        const { database, services, log } = c.var
        const db = database.db
        const failures = { [`admission-confirm:${applicant.id}`]: confirmFailures.limit }
        const confirmThrottle = new FailureThrottle(new Counters(db, now), confirmFailures.windowMs)
        await confirmThrottle.check(failures)
        if (finalStatuses.includes(applicant.status)) throw conflict('application_locked')
        const form = (await formOf(db, institute.id, applicant.formId))!
        const kind = c.req.param('kind')
        const requirement = formBody(form).attachments.find((a) => a.kind === kind)
        if (!requirement) {
          throw validationFailed({ kind: 'attachment_kind_unknown' })
        }

        const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
        if (type !== 'multipart/form-data') {
          throw badRequest('upload_media_type')
        }
        let parts: Record<string, string | File>
        try {
          parts = await c.req.parseBody()
        } catch {
          throw badRequest('malformed_body')
        }
        const { confirm } = parseOrThrow(AttachmentConfirmSchema, {
          confirm: typeof parts.confirm === 'string' ? parts.confirm : undefined,
        })
        // A slip in writing the confirmation was refused above (422 on `confirm`) and is not a
        // guess: only a well-formed phone or date that does not match counts towards the lockout.
        // Guesses sent at once all passed the first check while their bodies arrived: each is
        // counted before it is compared, so no more than the limit guess, through any process.
        if (!(await confirmThrottle.guess(failures, () => confirms(applicant, confirm)))) {
          throw refuse(403, 'confirmation_failed')
        }

        const file = parts.file
        if (!(file instanceof File)) throw fileErrors('file_required')
        const sent = fileNameOf(file.name)
        if (file.size === 0) throw fileErrors('file_empty')
        if (file.size > maxAttachmentBytes) {
          throw refuse(413, 'payload_too_large')
        }
        if (file.size > requirement.maxBytes) throw fileErrors('file_too_large')
        const bytes = new Uint8Array(await file.arrayBuffer())
        const sniffed = sniffType(bytes)
        if (!sniffed || !requirement.types.includes(sniffed)) {
          throw fileErrors('file_type')
        }
        // What is kept: an image encoded again (the same photo sent again encodes the same, so
        // a retry still finds its row), a PDF as sent once checked.
        const stored = await storedContent(bytes, sniffed)
        if (stored.length > requirement.maxBytes) throw fileErrors('file_too_large')
        const fileName = sent || `${kind}.${extensions[sniffed]}`
        const digest = sha256(stored)
        const sameAs = (row: AttachmentRow | undefined) =>
          row?.sha256 === digest && row.fileName === fileName
        /** The application's attachment of this kind so far, read in `reader`. */
        const storedOf = async (reader: Db) => {
          const [row] = await reader
            .select()
            .from(applicantAttachments)
            .where(
              and(
                eq(applicantAttachments.applicantId, applicant.id),
                eq(applicantAttachments.kind, kind),
              ),
            )
          return row
        }

        const existing = await storedOf(db)
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
              .where(rowKey(applicants, applicant.instituteId, applicant.id))
              .for('update')
            if (!locked || finalStatuses.includes(locked.status)) {
              throw conflict('application_locked')
            }
            const old = await storedOf(tx)
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
                  .where(rowKey(applicantAttachments, old.instituteId, old.id))
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
