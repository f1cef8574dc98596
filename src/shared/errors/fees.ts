/** Invoicing's refusals: single invoices, credit notes and group runs. */
export const feeErrors = {
  fee_heads_required: /*i18n*/ {
    id: 'error.fee_heads_required',
    message: 'Choose at least one fee head.',
  },
  periods_required: /*i18n*/ {
    id: 'error.periods_required',
    message: 'Choose at least one period.',
  },
  cancel_reason_required: /*i18n*/ {
    id: 'error.cancel_reason_required',
    message: 'Give the reason for the cancellation.',
  },
  unknown_fee_head: /*i18n*/ {
    id: 'error.unknown_fee_head',
    message: 'This fee head does not exist or is inactive.',
  },
  unknown_period: /*i18n*/ {
    id: 'error.unknown_period',
    message: 'This period is not one of the session’s.',
  },
  period_required_recurring: /*i18n*/ {
    id: 'error.period_required_recurring',
    message: 'A recurring fee head is invoiced for a period: choose one.',
  },
  invoice_not_found: /*i18n*/ { id: 'error.invoice_not_found', message: 'Invoice not found.' },
  run_not_found: /*i18n*/ { id: 'error.run_not_found', message: 'Group invoice run not found.' },
  student_not_enrolled: /*i18n*/ {
    id: 'error.student_not_enrolled',
    message: 'The student is not enrolled in this session.',
  },
  student_left: /*i18n*/ {
    id: 'error.student_left',
    message: 'The student has left the institute: no new invoices.',
  },
  nothing_to_invoice: /*i18n*/ {
    id: 'error.nothing_to_invoice',
    message: 'No fee is configured for the student for the chosen heads, or all are invoiced.',
  },
  fee_mapping_missing: /*i18n*/ {
    id: 'error.fee_mapping_missing',
    message: 'Map an account for “{purpose}” in the COA mapping before invoicing.',
  },
  invoice_already_cancelled: /*i18n*/ {
    id: 'error.invoice_already_cancelled',
    message: 'This invoice is already cancelled.',
  },
  credit_note_not_cancellable: /*i18n*/ {
    id: 'error.credit_note_not_cancellable',
    message: 'A credit note cannot be cancelled.',
  },
  invoice_has_payments: /*i18n*/ {
    id: 'error.invoice_has_payments',
    message: 'An invoice with payments cannot be cancelled: refund or reallocate them first.',
  },
  group_invoice_running: /*i18n*/ {
    id: 'error.group_invoice_running',
    message: 'A group invoice for the same choice is running (job {jobId}).',
  },
  invoice_line_not_found: /*i18n*/ {
    id: 'error.invoice_line_not_found',
    message: 'This invoice has no such line.',
  },
  fine_waiver_reason_required: /*i18n*/ {
    id: 'error.fine_waiver_reason_required',
    message: 'Give the reason for waiving the fine.',
  },
  fine_waiver_no_fine: /*i18n*/ {
    id: 'error.fine_waiver_no_fine',
    message: 'This line has no fine to waive today.',
  },
  fine_waiver_over_fine: /*i18n*/ {
    id: 'error.fine_waiver_over_fine',
    message: 'At most {max} of the fine is left to waive.',
  },
}
