import type { MessageDescriptor } from '@lingui/core'

/** The institute's settings and its campuses. */
export const instituteErrors = {
  slug_shape: /*i18n*/ {
    id: 'error.slug_shape',
    message: 'Use 3–63 lowercase letters, digits and single hyphens inside.',
  },
  slug_reserved: /*i18n*/ {
    id: 'error.slug_reserved',
    message: 'This address is reserved; choose another.',
  },
  slug_taken: /*i18n*/ { id: 'error.slug_taken', message: 'This address is taken.' },
  currency_unknown: /*i18n*/ {
    id: 'error.currency_unknown',
    message: 'Not an ISO 4217 currency code.',
  },
  currency_locked: /*i18n*/ {
    id: 'error.currency_locked',
    message: 'Vouchers exist in this currency; it can no longer change.',
  },
  timezone_unknown: /*i18n*/ {
    id: 'error.timezone_unknown',
    message: 'Not a time zone name (like Asia/Dhaka).',
  },
  locale_unknown: /*i18n*/ { id: 'error.locale_unknown', message: 'Choose a language.' },
  logo_type: /*i18n*/ {
    id: 'error.logo_type',
    message: 'The logo must be a PNG, JPEG or WEBP image.',
  },
  logo_too_large: /*i18n*/ {
    id: 'error.logo_too_large',
    message: 'The logo may be at most {max} MB.',
  },
  campus_not_found: /*i18n*/ { id: 'error.campus_not_found', message: 'No such campus' },
  campus_name_required: /*i18n*/ {
    id: 'error.campus_name_required',
    message: 'Please enter the campus name.',
  },
  campus_code_required: /*i18n*/ {
    id: 'error.campus_code_required',
    message: 'Please enter a code.',
  },
  campus_code_shape: /*i18n*/ {
    id: 'error.campus_code_shape',
    message: 'Use up to 16 letters, digits or hyphens.',
  },
  campus_code_taken: /*i18n*/ {
    id: 'error.campus_code_taken',
    message: 'Another campus has this code.',
  },
  campus_in_use: /*i18n*/ {
    id: 'error.campus_in_use',
    message: 'This campus is in use; deactivate it instead.',
  },
  last_active_campus: /*i18n*/ {
    id: 'error.last_active_campus',
    message: 'An institute keeps at least one active campus.',
  },
} satisfies Record<string, MessageDescriptor>
