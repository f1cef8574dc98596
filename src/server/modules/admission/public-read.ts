// What the public admission endpoints read: the institute, its forms, an application.
import { and, asc, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  type PublicApplication,
  type PublicAttachment,
} from '../../../shared/schemas/admission-applications.ts'
import { standardFields, type PublicInstitute } from '../../../shared/schemas/admission-forms.ts'
import type { ApplicantStatus } from '../../../shared/schemas/admission-lists.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { admissionForms, applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { Moved, notFound } from '../../lib/errors.ts'
import { logoOf } from '../../../shared/schemas/institutes.ts'
import { oldSlugApiRedirect } from '../institutes/old-slugs.ts'
import { maskPhone } from '../../lib/mask.ts'
import { formBody, selectForms, type FormRow } from './form-read.ts'
import { feePaymentOf } from './fee-payment-read.ts'
import { isUuid } from '../../lib/ids.ts'

type InstituteRow = typeof institutes.$inferSelect
export type ApplicantRow = typeof applicants.$inferSelect
export type AttachmentRow = typeof applicantAttachments.$inferSelect

const instituteNotFound = () => notFound('institute_not_found')
const formNotFound = () => notFound('form_not_found')
const applicationNotFound = () => notFound('application_not_found')

/** Statuses after which nothing of the application changes any more. */
export const finalStatuses: readonly ApplicantStatus[] = ['rejected', 'enrolled']

export const publicInstitute = (row: InstituteRow): PublicInstitute => ({
  slug: row.slug,
  name: row.name,
  currency: row.currency,
  admissionsOpen: row.status === 'active',
  currencyDigits: row.currencyDigits,
  logo: logoOf(row),
  timezone: row.timezone,
})

export async function instituteOr404(c: Context<AppEnv>): Promise<InstituteRow> {
  const slug = c.req.param('institute') ?? ''
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) throw instituteNotFound()
  const [row] = await c.var.database.db.select().from(institutes).where(eq(institutes.slug, slug))
  if (row) return row
  // An old slug of an institute: the same request at its current address.
  const moved = await oldSlugApiRedirect(c, slug)
  if (moved) throw new Moved(moved)
  throw instituteNotFound()
}

/** A form of the institute by id, published or not; undefined for a malformed id. */
export async function formOf(
  db: Db,
  instituteId: string,
  formId: string,
): Promise<FormRow | undefined> {
  if (!isUuid(formId)) {
    return undefined
  }
  const [form] = await selectForms(
    db,
    and(eq(admissionForms.instituteId, instituteId), eq(admissionForms.id, formId)),
  )
  return form
}

export async function publishedFormOr404(c: Context<AppEnv>, institute: InstituteRow) {
  const form = await formOf(c.var.database.db, institute.id, c.req.param('formId') ?? '')
  if (!form?.published) throw formNotFound()
  return form
}

const temporaryIdPattern = /^[A-Za-z0-9_-]{22}$/

export async function applicantOr404(
  c: Context<AppEnv>,
  institute: InstituteRow,
): Promise<ApplicantRow> {
  const temporaryId = c.req.param('temporaryId') ?? ''
  if (!temporaryIdPattern.test(temporaryId)) throw applicationNotFound()
  const [row] = await c.var.database.db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, institute.id), eq(applicants.temporaryId, temporaryId)))
  if (!row) throw applicationNotFound()
  return row
}

export const publicAttachment = (row: AttachmentRow): PublicAttachment => ({
  kind: row.kind,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  uploadedAt: row.uploadedAt.toISOString(),
})

/** The application as its temporaryId shows it: no date of birth, the phone masked. */
export async function publicApplication(
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
    shortReference: row.shortReference,
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
    feePayment: await feePaymentOf(db, institute.id, row.id),
  }
}
