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
} satisfies Record<string, MessageDescriptor>
