import * as v from 'valibot'
import { listQuerySchema } from './list.ts'
import { id } from './primitives.ts'

/*
 * The admission staff lists' search params, apart from the area's other shapes: the staff app's
 * route tree validates them on every page, so they are all it loads of the area before a page
 * opens (the applicants' pages load the rest).
 */

/** An application's life after it reaches the institute. Drafts stay in the applicant's browser. */
export const applicantStatuses = [
  'submitted',
  'fee_due',
  'fee_paid',
  'under_review',
  'accepted',
  'rejected',
  'enrolled',
] as const
export type ApplicantStatus = (typeof applicantStatuses)[number]

export const AdmissionFormListQuerySchema = listQuerySchema(['title', 'opensOn', 'closesOn'])
export type AdmissionFormListSearch = v.InferOutput<typeof AdmissionFormListQuerySchema>

export const ApplicantListQuerySchema = v.object({
  ...listQuerySchema(['submittedAt', 'applicantName', 'status']).entries,
  formId: v.optional(id),
  status: v.optional(v.picklist(applicantStatuses, 'unknown_status')),
})
export type ApplicantListSearch = v.InferOutput<typeof ApplicantListQuerySchema>
