import type { MessageDescriptor } from '@lingui/core'

/** The fee rules' own refusals: rates, fine rules and concession terms. */
export const feeRuleErrors = {
  rate_required: /*i18n*/ { id: 'error.rate_required', message: 'Enter a rate.' },
  rate_fraction: /*i18n*/ {
    id: 'error.rate_fraction',
    message: 'A percentage has at most two decimals.',
  },
  rate_negative: /*i18n*/ { id: 'error.rate_negative', message: 'A rate cannot be negative.' },
  percent_over_100: /*i18n*/ {
    id: 'error.percent_over_100',
    message: 'A rate is at most 100 %.',
  },
  concession_over_100: /*i18n*/ {
    id: 'error.concession_over_100',
    message: 'A concession cannot be more than 100 %.',
  },
  concession_kind_required: /*i18n*/ {
    id: 'error.concession_kind_required',
    message: 'Choose a percentage or a fixed amount.',
  },
  fine_kind_required: /*i18n*/ {
    id: 'error.fine_kind_required',
    message: 'Choose how the fine is charged.',
  },
  grace_days_range: /*i18n*/ {
    id: 'error.grace_days_range',
    message: 'Grace is a whole number of days, 0 to 365.',
  },
  fine_slabs_required: /*i18n*/ {
    id: 'error.fine_slabs_required',
    message: 'Add at least one slab.',
  },
  fine_slabs_start: /*i18n*/ {
    id: 'error.fine_slabs_start',
    message: 'The first slab starts on day 1.',
  },
  fine_slabs_order: /*i18n*/ {
    id: 'error.fine_slabs_order',
    message: 'Each slab starts on a later day than the one before and charges at least as much.',
  },
  vat_date_taken: /*i18n*/ {
    id: 'error.vat_date_taken',
    message: 'This head already has a rate from that day: change or remove that one instead.',
  },
  vat_rate_not_found: /*i18n*/ { id: 'error.vat_rate_not_found', message: 'No such VAT rate.' },
  fine_rule_not_found: /*i18n*/ { id: 'error.fine_rule_not_found', message: 'No such fine rule.' },
  fine_rules_overlap: /*i18n*/ {
    id: 'error.fine_rules_overlap',
    message: 'Another rule for the same heads is in force on some of these days.',
  },
  concession_not_found: /*i18n*/ {
    id: 'error.concession_not_found',
    message: 'No such concession.',
  },
  concession_document_not_found: /*i18n*/ {
    id: 'error.concession_document_not_found',
    message: 'This concession has no document.',
  },
  concession_category_required: /*i18n*/ {
    id: 'error.concession_category_required',
    message: 'Choose a category.',
  },
  concession_reason_required: /*i18n*/ {
    id: 'error.concession_reason_required',
    message: 'Give a reason.',
  },
  concession_self_approval: /*i18n*/ {
    id: 'error.concession_self_approval',
    message: 'Another user must approve or reject a concession you requested.',
  },
  concession_not_requested: /*i18n*/ {
    id: 'error.concession_not_requested',
    message: 'This concession has already been decided.',
  },
  concession_not_approved: /*i18n*/ {
    id: 'error.concession_not_approved',
    message: 'Only an approved concession can be revoked.',
  },
  concession_student_not_found: /*i18n*/ {
    id: 'error.concession_student_not_found',
    message: 'No such student.',
  },
  concession_session_not_found: /*i18n*/ {
    id: 'error.concession_session_not_found',
    message: 'No such session.',
  },
  concession_period_not_found: /*i18n*/ {
    id: 'error.concession_period_not_found',
    message: 'No such period in this session.',
  },
} satisfies Record<string, MessageDescriptor>
