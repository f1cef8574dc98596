import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { InvoiceStatus } from '../../../shared/schemas/fees-invoices.ts'

export const invoiceStatusLabels: Record<InvoiceStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  partially_paid: msg`Partially paid`,
  paid: msg`Paid`,
  cancelled: msg`Cancelled`,
}

export const invoiceStatusBadges: Record<InvoiceStatus, string> = {
  unpaid: 'badge-danger',
  partially_paid: '',
  paid: '',
  cancelled: 'badge-muted',
}
