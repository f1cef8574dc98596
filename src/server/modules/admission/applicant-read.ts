import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  type Applicant,
  type ApplicantSummary,
} from '../../../shared/schemas/admission-applicants.ts'
import type { ApplicationFields } from '../../../shared/schemas/admission-applications.ts'
import {
  standardFields,
  type AttachmentRequirement,
  type Question,
} from '../../../shared/schemas/admission-forms.ts'
import {
  applicantStatuses,
  type ApplicantListQuerySchema,
} from '../../../shared/schemas/admission-lists.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, groups } from '../../db/schema/academic.ts'
import { admissionForms, applicantAttachments, applicants } from '../../db/schema/admission.ts'
import { users } from '../../db/schema/auth.ts'
import { students } from '../../db/schema/students.ts'
import { containing } from '../../lib/like.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { feePaymentOf } from './fee-payment-read.ts'
import { isUuid } from '../../lib/ids.ts'

type ApplicantListQuery = v.InferOutput<typeof ApplicantListQuerySchema>
export type ApplicantRow = typeof applicants.$inferSelect

// Written out in full: the query builder leaves column names unqualified inside raw SQL.
const attachmentCount = sql<number>`(select count(*)::int from applicant_attachments a
  where a.applicant_id = "applicants"."id")`

const summaryColumns = {
  id: applicants.id,
  shortReference: applicants.shortReference,
  formId: applicants.formId,
  formTitle: admissionForms.title,
  applicantName: applicants.applicantName,
  phone: applicants.phone,
  email: applicants.email,
  status: applicants.status,
  submittedAt: applicants.submittedAt,
  attachmentCount,
  studentCode: students.studentCode,
}

/** Lifecycle order, so "sort by status" reads as the applications' progress. */
const statusOrder = sql`array_position(array[${sql.join(
  applicantStatuses.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], "applicants"."status")`

const sortColumns = {
  submittedAt: applicants.submittedAt,
  applicantName: sql`lower(${applicants.applicantName})`,
  status: statusOrder,
}

function conditionsOf(instituteId: string, query: ApplicantListQuery): SQL | undefined {
  const conditions: SQL[] = [eq(applicants.instituteId, instituteId)]
  if (query.formId) conditions.push(eq(applicants.formId, query.formId))
  if (query.status) conditions.push(eq(applicants.status, query.status))
  if (query.q) {
    const like = containing(query.q)
    conditions.push(
      or(
        ilike(applicants.applicantName, like),
        ilike(applicants.phone, like),
        ilike(applicants.email, like),
        ilike(applicants.temporaryId, like),
        ilike(applicants.shortReference, like),
      )!,
    )
  }
  return and(...conditions)
}

function orderOf(query: ApplicantListQuery) {
  if (!query.sortBy) return [desc(applicants.submittedAt), desc(applicants.id)]
  const order = query.sortDesc ? desc : asc
  return [order(sortColumns[query.sortBy]), desc(applicants.submittedAt), asc(applicants.id)]
}

const toSummary = (row: {
  [K in keyof ApplicantSummary]: K extends 'submittedAt' ? Date : ApplicantSummary[K]
}): ApplicantSummary => ({ ...row, submittedAt: row.submittedAt.toISOString() })

/** One page of the institute's applicants. */
export async function listApplicants(db: Db, instituteId: string, query: ApplicantListQuery) {
  const where = conditionsOf(instituteId, query)
  const rows = await db
    .select(summaryColumns)
    .from(applicants)
    .innerJoin(admissionForms, rowKey(admissionForms, applicants.instituteId, applicants.formId))
    .leftJoin(students, rowKey(students, applicants.instituteId, applicants.studentId))
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applicants)
    .where(where)
  return { data: rows.map(toSummary), total: count?.total ?? 0 }
}

/** Every applicant matching the filters, in the list's order, with what the CSV needs. */
export async function applicantsForExport(db: Db, instituteId: string, query: ApplicantListQuery) {
  return db
    .select({
      temporaryId: applicants.temporaryId,
      formTitle: admissionForms.title,
      status: applicants.status,
      submittedAt: applicants.submittedAt,
      fields: applicants.fields,
      answers: applicants.answers,
      applicantName: applicants.applicantName,
      phone: applicants.phone,
      email: applicants.email,
      fee: applicants.fee,
      decisionNote: applicants.decisionNote,
      decidedAt: applicants.decidedAt,
      studentCode: students.studentCode,
    })
    .from(applicants)
    .innerJoin(admissionForms, rowKey(admissionForms, applicants.instituteId, applicants.formId))
    .leftJoin(students, rowKey(students, applicants.instituteId, applicants.studentId))
    .where(conditionsOf(instituteId, query))
    .orderBy(...orderOf(query))
}

/** The standard fields as stored, every one present; the columns win over the JSON copy. */
export function fieldsOf(row: {
  fields: Record<string, string>
  applicantName: string
  phone: string
  email: string
}): ApplicationFields {
  const fields = Object.fromEntries(
    standardFields.map((f) => [f, String(row.fields[f] ?? '')]),
  ) as ApplicationFields
  return { ...fields, applicantName: row.applicantName, phone: row.phone, email: row.email }
}

/** The applicant row of the institute, or undefined; `forUpdate` locks it for a decision. */
export async function findApplicantRow(
  db: Db,
  instituteId: string,
  applicantId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ApplicantRow | undefined> {
  if (!isUuid(applicantId)) return undefined
  const query = db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, instituteId), eq(applicants.id, applicantId)))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row
}

/** An applicant as staff see it: what was submitted, what the form asked, and the decisions. */
export async function findApplicant(
  db: Db,
  instituteId: string,
  applicantId: string,
): Promise<Applicant | undefined> {
  if (!isUuid(applicantId)) return undefined
  const [row] = await db
    .select({
      applicant: applicants,
      form: admissionForms,
      academicSession: academicSessions.name,
      className: classes.name,
      groupName: groups.name,
      studentCode: students.studentCode,
      decidedBy: users.fullName,
    })
    .from(applicants)
    .innerJoin(admissionForms, rowKey(admissionForms, applicants.instituteId, applicants.formId))
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, admissionForms.instituteId, admissionForms.academicSessionId),
    )
    .innerJoin(classes, rowKey(classes, admissionForms.instituteId, admissionForms.classId))
    .leftJoin(groups, rowKey(groups, admissionForms.instituteId, admissionForms.groupId))
    .leftJoin(students, rowKey(students, applicants.instituteId, applicants.studentId))
    .leftJoin(users, eq(users.id, applicants.decidedBy))
    .where(and(eq(applicants.instituteId, instituteId), eq(applicants.id, applicantId)))
  if (!row) return undefined
  const { applicant: a, form } = row
  const requirements = form.attachments as AttachmentRequirement[]
  const files = await db
    .select()
    .from(applicantAttachments)
    .where(
      and(
        eq(applicantAttachments.instituteId, instituteId),
        eq(applicantAttachments.applicantId, a.id),
      ),
    )
    .orderBy(asc(applicantAttachments.kind))
  return {
    id: a.id,
    shortReference: a.shortReference,
    formId: a.formId,
    formTitle: form.title,
    applicantName: a.applicantName,
    phone: a.phone,
    email: a.email,
    status: a.status,
    submittedAt: a.submittedAt.toISOString(),
    attachmentCount: files.length,
    studentCode: row.studentCode,
    academicSessionId: form.academicSessionId,
    academicSession: row.academicSession,
    classId: form.classId,
    className: row.className,
    groupId: form.groupId,
    groupName: row.groupName ?? '',
    temporaryId: a.temporaryId,
    fee: a.fee,
    fields: fieldsOf(a),
    answers: a.answers,
    questions: form.questions as Question[],
    attachmentRequirements: requirements,
    attachments: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      label: requirements.find((r) => r.kind === f.kind)?.label ?? f.kind,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      uploadedAt: f.uploadedAt.toISOString(),
    })),
    decisionNote: a.decisionNote,
    decidedBy: row.decidedBy,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    studentId: a.studentId,
    feePayment: await feePaymentOf(db, instituteId, a.id),
  }
}
