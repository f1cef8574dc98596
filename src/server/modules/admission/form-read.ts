import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type {
  AdmissionForm,
  AttachmentRequirement,
  PublicAdmissionForm,
  PublicInstitute,
  Question,
  StandardField,
} from '../../../shared/schemas/admission-forms.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, groups } from '../../db/schema/academic.ts'
import { admissionForms, applicants } from '../../db/schema/admission.ts'
import { isUuid } from '../../lib/ids.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/** A form's row with the names of its session, class and group (empty for none). */
const formColumns = {
  ...getTableColumns(admissionForms),
  academicSession: academicSessions.name,
  className: classes.name,
  groupName: sql<string>`coalesce(${groups.name}, '')`.as('group_name'),
}
export type FormRow = typeof admissionForms.$inferSelect & {
  academicSession: string
  className: string
  groupName: string
}

/** Forms matching `where`, each with its session's, class's and group's names. */
export function selectForms(db: Db, where: SQL | undefined) {
  return db
    .select(formColumns)
    .from(admissionForms)
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, admissionForms.instituteId, admissionForms.academicSessionId),
    )
    .innerJoin(classes, rowKey(classes, admissionForms.instituteId, admissionForms.classId))
    .leftJoin(groups, rowKey(groups, admissionForms.instituteId, admissionForms.groupId))
    .where(where)
}

/** Published, not closed early, and today within its dates. */
export const isAccepting = (form: FormRow, today: string) =>
  form.published && !form.closed && form.opensOn <= today && today <= form.closesOn

/** The part of a form staff and applicants both see. */
export function formBody(form: FormRow) {
  return {
    title: form.title,
    academicSession: form.academicSession,
    className: form.className,
    groupName: form.groupName,
    opensOn: form.opensOn,
    closesOn: form.closesOn,
    fee: form.fee,
    requiredFields: form.requiredFields as StandardField[],
    questions: form.questions as Question[],
    attachments: form.attachments as AttachmentRequirement[],
    instructions: form.instructions,
  }
}

export function staffForm(
  form: FormRow,
  today: string,
  counts: Record<string, number> = {},
): AdmissionForm {
  return {
    ...formBody(form),
    academicSessionId: form.academicSessionId,
    classId: form.classId,
    groupId: form.groupId,
    id: form.id,
    published: form.published,
    closed: form.closed,
    accepting: isAccepting(form, today),
    counts,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  }
}

export function publicForm(
  form: FormRow,
  institute: PublicInstitute,
  today: string,
): PublicAdmissionForm {
  return { ...formBody(form), id: form.id, accepting: isAccepting(form, today), institute }
}

/** A form of the institute, or undefined (a malformed id is simply not found). */
export async function findForm(
  db: Db,
  instituteId: string,
  formId: string,
): Promise<FormRow | undefined> {
  if (!isUuid(formId)) return undefined
  const [form] = await selectForms(
    db,
    and(eq(admissionForms.instituteId, instituteId), eq(admissionForms.id, formId)),
  )
  return form
}

/** Applications per status, for each of the given forms. */
export async function countsByForm(
  db: Db,
  instituteId: string,
): Promise<Map<string, Record<string, number>>> {
  const rows = await db
    .select({ formId: applicants.formId, status: applicants.status, n: sql<number>`count(*)::int` })
    .from(applicants)
    .where(eq(applicants.instituteId, instituteId))
    .groupBy(applicants.formId, applicants.status)
  const counts = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const forForm = counts.get(row.formId) ?? {}
    forForm[row.status] = row.n
    counts.set(row.formId, forForm)
  }
  return counts
}
