import type { MessageDescriptor } from '@lingui/core'

/** Refusals any request can meet: validation, the request itself, limits, the database. */
export const requestErrors = {
  // Any request
  validation_failed: /*i18n*/ {
    id: 'error.validation_failed',
    message: 'The given data was invalid.',
  },
  required: /*i18n*/ { id: 'error.required', message: 'This field is required.' },
  invalid_value: /*i18n*/ { id: 'error.invalid_value', message: 'Not a valid value.' },
  invalid_id: /*i18n*/ { id: 'error.invalid_id', message: 'Not a valid identifier.' },
  too_long: /*i18n*/ { id: 'error.too_long', message: 'At most {max} characters.' },
  too_short: /*i18n*/ { id: 'error.too_short', message: 'At least {min} characters.' },
  too_small: /*i18n*/ { id: 'error.too_small', message: 'At least {min}.' },
  too_big: /*i18n*/ { id: 'error.too_big', message: 'At most {max}.' },
  not_a_number: /*i18n*/ { id: 'error.not_a_number', message: 'Must be a number.' },
  not_whole_number: /*i18n*/ { id: 'error.not_whole_number', message: 'Must be a whole number.' },
  must_be_at_least: /*i18n*/ { id: 'error.must_be_at_least', message: 'Must be at least {min}.' },
  must_be_at_most: /*i18n*/ { id: 'error.must_be_at_most', message: 'Must be at most {max}.' },
  unknown_sort: /*i18n*/ { id: 'error.unknown_sort', message: 'Cannot sort by this column.' },
  unknown_filter: /*i18n*/ {
    id: 'error.unknown_filter',
    message: 'This report has no such filter.',
  },
  invalid_date: /*i18n*/ { id: 'error.invalid_date', message: 'Use a date as YYYY-MM-DD.' },
  not_a_real_date: /*i18n*/ { id: 'error.not_a_real_date', message: 'Not a real date.' },
  end_before_start: /*i18n*/ {
    id: 'error.end_before_start',
    message: 'The end is before the start.',
  },
  period_too_long: /*i18n*/ {
    id: 'error.period_too_long',
    message: 'At most three years at a time.',
  },
  invalid_email: /*i18n*/ { id: 'error.invalid_email', message: 'Not a valid email address.' },
  invalid_phone: /*i18n*/ { id: 'error.invalid_phone', message: 'Not a valid phone number.' },
  not_an_object: /*i18n*/ { id: 'error.not_an_object', message: 'Expected an object, not a list.' },
  not_a_json_object: /*i18n*/ { id: 'error.not_a_json_object', message: 'Expected a JSON object.' },
  malformed_json: /*i18n*/ {
    id: 'error.malformed_json',
    message: 'Malformed JSON in request body',
  },
  unsupported_media_type: /*i18n*/ {
    id: 'error.unsupported_media_type',
    message: 'Expected a JSON body (Content-Type: application/json)',
  },
  upload_media_type: /*i18n*/ {
    id: 'error.upload_media_type',
    message: 'Expected a file upload (Content-Type: multipart/form-data)',
  },
  malformed_body: /*i18n*/ { id: 'error.malformed_body', message: 'Malformed upload' },
  payload_too_large: /*i18n*/ { id: 'error.payload_too_large', message: 'Request body too large' },
  not_found: /*i18n*/ { id: 'error.not_found', message: 'Not found' },
  rate_limited: /*i18n*/ {
    id: 'error.rate_limited',
    message: 'Too many requests, try again later',
  },
  server_busy: /*i18n*/ {
    id: 'error.server_busy',
    message: 'The server is busy, try again in a moment.',
  },
  bad_idempotency_key: /*i18n*/ {
    id: 'error.bad_idempotency_key',
    message: 'The Idempotency-Key header must be 8–100 characters.',
  },
  idempotency_key_required: /*i18n*/ {
    id: 'error.idempotency_key_required',
    message: 'An Idempotency-Key header of 8–100 characters is required.',
  },
  idempotency_conflict: /*i18n*/ {
    id: 'error.idempotency_conflict',
    message:
      '{subject, select, voucher {This voucher was already saved with other details: close the form and look at the list of vouchers.} institute {This institute was already created with other details: close the form and look at the list of institutes.} student {This student was already saved with other details: close the form and look at the list of students.} payment {This payment was already saved with other details: look at the receipts, then load the family again.} advance {This override was already saved with other details: load the family again.} group_invoice_run {This group invoice run was already started with other choices: look at the recent runs.} invoice {This invoice was already made with other details: close the form and look at the student’s invoices.} fine_waiver {This fine waiver was already recorded with other details: open the line’s fine again.} application {This application was already sent with other answers. Please reload the page.} other {This application was already sent with other answers. Please reload the page.}}',
  },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side' },
  database_unavailable: /*i18n*/ {
    id: 'error.database_unavailable',
    message: 'The database cannot be reached at the moment. Try again in a few seconds.',
  },
  // The database's own refusals (src/server/app.ts)
  duplicate_record: /*i18n*/ {
    id: 'error.duplicate_record',
    message: 'This record already exists.',
  },
  record_in_use: /*i18n*/ {
    id: 'error.record_in_use',
    message: 'This record is in use or no longer exists.',
  },
  check_violation: /*i18n*/ {
    id: 'error.check_violation',
    message: 'The database refused this: it would break a rule of the books.',
  },
  number_out_of_range: /*i18n*/ {
    id: 'error.number_out_of_range',
    message: 'A number is out of range.',
  },
  date_out_of_range: /*i18n*/ {
    id: 'error.date_out_of_range',
    message: 'Date or time out of range.',
  },
  bad_character: /*i18n*/ {
    id: 'error.bad_character',
    message: 'The text contains a character that cannot be stored.',
  },
  malformed_identifier: /*i18n*/ {
    id: 'error.malformed_identifier',
    message: 'Malformed identifier.',
  },
} satisfies Record<string, MessageDescriptor>
