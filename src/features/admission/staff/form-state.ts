import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AdmissionForm, AttachmentType } from '../../../shared/schemas/admission-forms.ts'
import type { ApplicantStatus } from '../../../shared/schemas/admission-lists.ts'

/** Where a form stands for applicants. */
type FormState = 'unpublished' | 'accepting' | 'closed' | 'upcoming' | 'ended' | 'paused'

/**
 * The server decides `accepting` by the institute's calendar; the browser's day only tells
 * why a published form is not taking applications.
 */
export function formState(form: AdmissionForm, today: string): FormState {
  if (!form.published) return 'unpublished'
  if (form.accepting) return 'accepting'
  if (form.closed) return 'closed'
  if (today < form.opensOn) return 'upcoming'
  if (today > form.closesOn) return 'ended'
  return 'paused'
}

export const formStateLabels: Record<FormState, MessageDescriptor> = {
  unpublished: msg`Unpublished`,
  accepting: msg`Open for applications`,
  closed: msg`Closed early`,
  upcoming: msg`Opens later`,
  ended: msg`Closing date passed`,
  paused: msg`Not accepting applications`,
}

/** The badge colour of each state, added to the class `badge`. */
export const formStateBadges: Record<FormState, string> = {
  unpublished: 'badge-muted',
  accepting: '',
  closed: 'badge-warning',
  upcoming: 'badge-warning',
  ended: 'badge-warning',
  paused: 'badge-warning',
}

/** The badge colour of each status, added to the class `badge`. */
export const statusBadges: Record<ApplicantStatus, string> = {
  submitted: 'badge-info',
  fee_due: 'badge-warning',
  fee_paid: 'badge-info',
  under_review: 'badge-info',
  accepted: '',
  rejected: 'badge-danger',
  enrolled: '',
}

/** File types by their usual short names; they read the same in every language. */
export const attachmentTypeNames: Record<AttachmentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'application/pdf': 'PDF',
}

/** Applications of a form, all statuses together. */
export const totalApplications = (form: AdmissionForm) =>
  Object.values(form.counts).reduce((sum, n) => sum + n, 0)
