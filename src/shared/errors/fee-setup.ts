import type { MessageDescriptor } from '@lingui/core'

/** Fee set-up: fee heads, payment cycles and their periods, the fee configuration, overrides. */
export const feeSetupErrors = {
  fee_head_not_found: /*i18n*/ { id: 'error.fee_head_not_found', message: 'No such fee head' },
  fee_head_name_required: /*i18n*/ {
    id: 'error.fee_head_name_required',
    message: 'Enter the fee head’s name.',
  },
  payment_cycle_name_required: /*i18n*/ {
    id: 'error.payment_cycle_name_required',
    message: 'Enter the payment cycle’s name.',
  },
  payment_period_name_required: /*i18n*/ {
    id: 'error.payment_period_name_required',
    message: 'Enter the period’s name.',
  },
  override_students_required: /*i18n*/ {
    id: 'error.override_students_required',
    message: 'Choose at least one student.',
  },
  fee_head_code_shape: /*i18n*/ {
    id: 'error.fee_head_code_shape',
    message: 'A code is 1 to 16 letters, digits or hyphens.',
  },
  fee_head_code_taken: /*i18n*/ {
    id: 'error.fee_head_code_taken',
    message: 'Another fee head has this code.',
  },
  fee_head_name_taken: /*i18n*/ {
    id: 'error.fee_head_name_taken',
    message: 'Another fee head has this name.',
  },
  fee_head_kind_unknown: /*i18n*/ {
    id: 'error.fee_head_kind_unknown',
    message: 'Choose how the fee is charged.',
  },
  fee_head_in_use: /*i18n*/ {
    id: 'error.fee_head_in_use',
    message: 'This fee head is used by invoices or rules: deactivate it instead.',
  },
  fee_income_account: /*i18n*/ {
    id: 'error.fee_income_account',
    message: 'Choose an active income account that takes postings.',
  },
  payment_cycle_not_found: /*i18n*/ {
    id: 'error.payment_cycle_not_found',
    message: 'No such payment cycle',
  },
  payment_period_not_found: /*i18n*/ {
    id: 'error.payment_period_not_found',
    message: 'No such payment period',
  },
  payment_cycle_name_taken: /*i18n*/ {
    id: 'error.payment_cycle_name_taken',
    message: 'This session already has a payment cycle of this name.',
  },
  cycle_frequency_unknown: /*i18n*/ {
    id: 'error.cycle_frequency_unknown',
    message: 'Choose how often the fees are due.',
  },
  period_invoiced: /*i18n*/ {
    id: 'error.period_invoiced',
    message: 'Invoices were issued for this period ({count}): it cannot be deleted.',
  },
  period_outside_session: /*i18n*/ {
    id: 'error.period_outside_session',
    message: 'The period must lie within the session, {from} to {to}.',
  },
  due_before_issue: /*i18n*/ {
    id: 'error.due_before_issue',
    message: 'The due date cannot be before the issue date.',
  },
  fee_cycle_required: /*i18n*/ {
    id: 'error.fee_cycle_required',
    message: 'Choose the payment cycle that recurring fees are charged per.',
  },
  fee_copy_same_session: /*i18n*/ {
    id: 'error.fee_copy_same_session',
    message: 'Copy to another session than the one copied from.',
  },
  override_amount_required: /*i18n*/ {
    id: 'error.override_amount_required',
    message: 'Enter the amount this student pays, or exclude the fee for them.',
  },
} satisfies Record<string, MessageDescriptor>
