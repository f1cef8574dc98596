/** Applicants as staff list, review, accept and reject them. */
import * as v from 'valibot'
import { applicantStatuses, type ApplicantStatus } from './admission-lists.ts'
import { pagedSchema } from './list.ts'
import { optionalText, text } from './primitives.ts'
import { QuestionSchema, AttachmentRequirementSchema } from './admission-forms.ts'
import {
  ApplicationFieldsSchema,
  FeePaymentSchema,
  PublicAttachmentSchema,
} from './admission-applications.ts'

/** Statuses from which staff may still review, accept or reject. */
export const undecidedStatuses: readonly ApplicantStatus[] = [
  'submitted',
  'fee_due',
  'fee_paid',
  'under_review',
]

export const ApplicantSummarySchema = v.object({
  id: v.string(),
  /** What the applicant quotes on the phone (`DS-27-4K7Q`); the list's search finds it. */
  shortReference: v.string(),
  formId: v.string(),
  formTitle: v.string(),
  applicantName: v.string(),
  phone: v.string(),
  email: v.string(),
  status: v.picklist(applicantStatuses),
  submittedAt: v.string(),
  attachmentCount: v.number(),
  studentCode: v.nullable(v.string()),
})
export type ApplicantSummary = v.InferOutput<typeof ApplicantSummarySchema>

export const ApplicantListSchema = pagedSchema(ApplicantSummarySchema)

export const StaffAttachmentSchema = v.object({
  ...PublicAttachmentSchema.entries,
  id: v.string(),
  label: v.string(),
})
export type StaffAttachment = v.InferOutput<typeof StaffAttachmentSchema>

export const ApplicantSchema = v.object({
  ...ApplicantSummarySchema.entries,
  /** What the form was for: where enrolling places the applicant. */
  academicSessionId: v.string(),
  academicSession: v.string(),
  classId: v.string(),
  className: v.string(),
  groupId: v.nullable(v.string()),
  groupName: v.string(),
  temporaryId: v.string(),
  fee: v.number(),
  fields: ApplicationFieldsSchema,
  answers: v.record(v.string(), v.string()),
  questions: v.array(QuestionSchema),
  attachmentRequirements: v.array(AttachmentRequirementSchema),
  attachments: v.array(StaffAttachmentSchema),
  decisionNote: v.string(),
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  studentId: v.nullable(v.string()),
  /** How the application fee was paid, once it is. */
  feePayment: v.optional(v.nullable(FeePaymentSchema), null),
})
export type Applicant = v.InferOutput<typeof ApplicantSchema>

export const AcceptApplicantSchema = v.object({ note: optionalText(1000) })
export const RejectApplicantSchema = v.object({
  note: text(1000, 'rejection_reason_required'),
})
