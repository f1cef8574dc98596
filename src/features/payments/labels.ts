import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { IntentStatus, PaymentService } from '../../shared/schemas/payments.ts'

export const serviceLabels: Record<PaymentService, MessageDescriptor> = {
  admission_fee: msg`Admission fee`,
  dues: msg`Student dues`,
}

/** What each service is and where its money goes in the books. */
export const serviceDescriptions: Record<PaymentService, MessageDescriptor> = {
  admission_fee: msg`An applicant pays the admission form’s fee from the application’s page. It posts to the admission fee income account, as a fee taken at the counter does.`,
  dues: msg`A guardian pays a student’s open invoices from the student invoice page. The payment is allocated to the invoice lines as at the counter.`,
}

export const intentStatusLabels: Record<IntentStatus, MessageDescriptor> = {
  created: msg`Started`,
  pending: msg`At the gateway`,
  succeeded: msg`Paid`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
  held: msg`Held for review`,
  refunded: msg`Refunded`,
}

export const intentStatusBadges: Record<IntentStatus, string> = {
  created: 'badge-muted',
  pending: 'badge-muted',
  succeeded: '',
  failed: 'badge-danger',
  cancelled: 'badge-muted',
  expired: 'badge-muted',
  held: 'badge-danger',
  refunded: 'badge-muted',
}
