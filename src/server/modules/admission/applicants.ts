import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  AcceptApplicantSchema,
  RejectApplicantSchema,
  undecidedStatuses,
  type Applicant,
} from '../../../shared/schemas/admission-applicants.ts'
import type { Question } from '../../../shared/schemas/admission-forms.ts'
import {
  ApplicantListQuerySchema,
  type ApplicantStatus,
} from '../../../shared/schemas/admission-lists.ts'
import {
  EnrolApplicantSchema,
  type EnrolmentProposal,
  EnrolmentProposalSchema,
} from '../../../shared/schemas/students.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { localeOf } from '../../lib/messages.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { applicantsCsv } from './applicant-export.ts'
import {
  applicantsForExport,
  findApplicant,
  findApplicantRow,
  listApplicants,
  type ApplicantRow,
} from './applicant-read.ts'
import { findForm } from './form-read.ts'
import { isUuid } from '../../lib/ids.ts'
import { todayIn } from '../../lib/today.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { enrol, proposalFor } from './applicant-enrol.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  ApplicantListSchema,
  ApplicantSchema,
} from '../../../shared/schemas/admission-applicants.ts'

const invalidStatus = (status: ApplicantStatus, action: Step['action']) =>
  conflict('invalid_status', { values: { status, action } })

async function applicantOr404(c: Context<AppEnv>, db: Db = c.var.database.db) {
  const applicant = await findApplicant(
    db,
    c.var.auth.instituteId,
    c.req.param('applicantId') ?? '',
  )
  if (!applicant) throw notFound('applicant_not_found')
  return applicant
}

/** The addressed applicant's row, locked until the transaction ends: one decision at a time. */
async function lockedApplicantOr404(c: Context<AppEnv>, tx: Db) {
  const row = await findApplicantRow(tx, c.var.auth.instituteId, c.req.param('applicantId') ?? '', {
    forUpdate: true,
  })
  if (!row) throw notFound('applicant_not_found')
  return row
}

interface Step {
  action: 'review' | 'accept' | 'reject' | 'enrol'
  from: readonly ApplicantStatus[]
  /** Applies the step to the locked row; answers what the audit records besides the status. */
  apply: (c: Context<AppEnv>, tx: Db, row: ApplicantRow) => Promise<Record<string, unknown>>
}

/** A status step: checked against the locked row, applied, audited, all in one transaction. */
async function takeStep(c: Context<AppEnv>, step: Step) {
  const { database, auth } = c.var
  const applicant = await database.db.transaction(async (tx) => {
    const row = await lockedApplicantOr404(c, tx)
    if (!step.from.includes(row.status)) throw invalidStatus(row.status, step.action)
    const extra = await step.apply(c, tx, row)
    const after = (await findApplicant(tx, auth.instituteId, row.id))!
    await audit(c, tx, {
      area: 'admission',
      action: step.action,
      entity: 'applicant',
      entityId: row.id,
      before: { status: row.status },
      after: { status: after.status, ...extra },
    })
    return after
  })
  return c.json(applicant)
}

const decide =
  (status: 'accepted' | 'rejected', note: string) =>
  async (c: Context<AppEnv>, tx: Db, row: ApplicantRow) => {
    await tx
      .update(applicants)
      .set({
        status,
        decisionNote: note,
        decidedBy: c.var.auth.user.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(rowKey(applicants, row.instituteId, row.id))
    return { note }
  }

/** Applications received (staff, permission `admission`): list, read, decide, enrol, export. */
export const applicantRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: ApplicantListSchema, query: ApplicantListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'admission'), async (c) => {
    const query = readQuery(c, ApplicantListQuerySchema)
    const { data, total } = await listApplicants(c.var.database.db, c.var.auth.instituteId, query)
    return c.json({ data, total, page: query.page, perPage: query.perPage })
  })

  .get('/export', documented({ query: ApplicantListQuerySchema, media: 'text/csv' }))
  .get('/export', requireAuth(), requirePermission('read', 'admission'), async (c) => {
    const query = readQuery(c, ApplicantListQuerySchema)
    const { database, auth } = c.var
    const [institute] = await database.db
      .select({
        currency: institutes.currency,
        currencyDigits: institutes.currencyDigits,
        timezone: institutes.timezone,
      })
      .from(institutes)
      .where(eq(institutes.id, auth.instituteId))
    const timezone = institute?.timezone ?? 'UTC'
    // One form's export also carries its own questions, one column each.
    const form = query.formId
      ? await findForm(database.db, auth.instituteId, query.formId)
      : undefined
    const rows = await applicantsForExport(database.db, auth.instituteId, query)
    const csv = applicantsCsv(rows, {
      questions: (form?.questions ?? []) as Question[],
      currency: institute?.currency ?? 'BDT',
      currencyDigits: institute?.currencyDigits ?? 2,
      timezone,
      // The language the app shows (`lang`), else the browser's.
      locale: localeOf([c.req.query('lang'), c.req.header('Accept-Language')].join(',')),
    })
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="applicants-${todayIn(timezone)}.csv"`,
    })
  })

  .get('/:applicantId', documented({ answers: ApplicantSchema }))
  .get('/:applicantId', requireAuth(), requirePermission('read', 'admission'), async (c) =>
    c.json<Applicant>(await applicantOr404(c)),
  )

  .get('/:applicantId/attachments/:attachmentId', documented({ media: 'application/octet-stream' }))
  .get(
    '/:applicantId/attachments/:attachmentId',
    requireAuth(),
    requirePermission('read', 'admission'),
    (c) => serveAttachment(c, 'attachment'),
  )

  // The same file to look at on the applicant's page: shown by the browser, never run.
  .get(
    '/:applicantId/attachments/:attachmentId/preview',
    documented({ media: 'application/octet-stream' }),
  )
  .get(
    '/:applicantId/attachments/:attachmentId/preview',
    requireAuth(),
    requirePermission('read', 'admission'),
    (c) => serveAttachment(c, 'inline'),
  )

  .post('/:applicantId/review', documented({ answers: ApplicantSchema }))
  .post('/:applicantId/review', requireAuth(), requirePermission('update', 'admission'), (c) =>
    takeStep(c, {
      action: 'review',
      from: undecidedStatuses,
      apply: async (_c, tx, row) => {
        if (row.status !== 'under_review') {
          await tx
            .update(applicants)
            .set({ status: 'under_review', updatedAt: new Date() })
            .where(rowKey(applicants, row.instituteId, row.id))
        }
        return {}
      },
    }),
  )

  .post(
    '/:applicantId/accept',
    documented({ answers: ApplicantSchema, body: AcceptApplicantSchema }),
  )
  .post(
    '/:applicantId/accept',
    requireAuth(),
    requirePermission('update', 'admission'),
    async (c) => {
      await applicantOr404(c)
      const { note } = await readJson(c, AcceptApplicantSchema)
      return takeStep(c, {
        action: 'accept',
        from: undecidedStatuses,
        apply: decide('accepted', note),
      })
    },
  )

  .post(
    '/:applicantId/reject',
    documented({ answers: ApplicantSchema, body: RejectApplicantSchema }),
  )
  .post(
    '/:applicantId/reject',
    requireAuth(),
    requirePermission('update', 'admission'),
    async (c) => {
      await applicantOr404(c)
      const { note } = await readJson(c, RejectApplicantSchema)
      return takeStep(c, {
        action: 'reject',
        from: [...undecidedStatuses, 'accepted'],
        apply: decide('rejected', note),
      })
    },
  )

  .get('/:applicantId/enrolment-proposal', documented({ answers: EnrolmentProposalSchema }))
  .get(
    '/:applicantId/enrolment-proposal',
    requireAuth(),
    requirePermission('read', 'admission'),
    async (c) => {
      const { database, auth } = c.var
      const applicant = await applicantOr404(c)
      const form = (await findForm(database.db, auth.instituteId, applicant.formId))!
      return c.json<EnrolmentProposal>(await proposalFor(database.db, auth.instituteId, form))
    },
  )

  .post('/:applicantId/enrol', documented({ answers: ApplicantSchema, body: EnrolApplicantSchema }))
  .post(
    '/:applicantId/enrol',
    requireAuth(),
    requirePermission('update', 'admission'),
    async (c) => {
      await applicantOr404(c)
      const body = await readJson(c, EnrolApplicantSchema)
      return takeStep(c, { action: 'enrol', from: ['accepted'], apply: enrol(body) })
    },
  )

/**
 * One of the addressed applicant's files, to save (`attachment`) or to show (`inline`). Either
 * way the browser may not guess another type or run anything in it: the policy sandboxes the
 * file as its own document and lets it load nothing (the API sends no-store on every answer).
 */
async function serveAttachment(c: Context<AppEnv>, disposition: 'attachment' | 'inline') {
  const { database, auth, services } = c.var
  const applicantId = c.req.param('applicantId') ?? ''
  const attachmentId = c.req.param('attachmentId') ?? ''
  const [file] =
    isUuid(applicantId) && isUuid(attachmentId)
      ? await database.db
          .select()
          .from(applicantAttachments)
          .where(
            and(
              eq(applicantAttachments.instituteId, auth.instituteId),
              eq(applicantAttachments.applicantId, applicantId),
              eq(applicantAttachments.id, attachmentId),
            ),
          )
      : []
  const bytes = file && (await services.files.get(file.storageKey))
  if (!file || !bytes) throw notFound('attachment_not_found')
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(bytes.byteLength),
    'Content-Disposition': contentDisposition(disposition, file.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
  })
}

/** `attachment; filename="…"` (or `inline`) with a plain-ASCII fallback and the exact name. */
function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'attachment'
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(
    fileName,
  ).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`
}
