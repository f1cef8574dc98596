import type { MessageDescriptor } from '@lingui/core'

/**
 * Every refusal the API gives, by its stable code. The server answers `{ code, values }` (and
 * the English text, rendered from here, for other clients and the logs); the client renders the
 * same descriptor through Lingui in the user's language. Shared schemas name these codes as
 * their valibot messages, so a form says the same words before anything is sent.
 *
 * The descriptors are plain objects marked for extraction (no macro), so the server, which runs
 * without a compile step, reads them too. Placeholders are ICU: `{max}`, and dates as `{from}`.
 */
export const errorMessages = {
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
  invalid_date: /*i18n*/ { id: 'error.invalid_date', message: 'Use a date as YYYY-MM-DD.' },
  not_a_real_date: /*i18n*/ { id: 'error.not_a_real_date', message: 'Not a real date.' },
  end_before_start: /*i18n*/ {
    id: 'error.end_before_start',
    message: 'The end is before the start.',
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
      '{subject, select, voucher {This voucher was already saved with other details: close the form and look at the list of vouchers.} other {This application was already sent with other answers. Please reload the page.}}',
  },
  internal: /*i18n*/ { id: 'error.internal', message: 'Something went wrong on our side' },
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

  // Signing in, sessions, recovery, sign-up
  unauthenticated: /*i18n*/ { id: 'error.unauthenticated', message: 'Unauthenticated.' },
  session_ended: /*i18n*/ { id: 'error.session_ended', message: 'Your session has ended.' },
  invalid_refresh_token: /*i18n*/ {
    id: 'error.invalid_refresh_token',
    message: 'Invalid refresh token',
  },
  session_not_found: /*i18n*/ { id: 'error.session_not_found', message: 'No such session' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'This action is unauthorized.' },
  other_institute: /*i18n*/ {
    id: 'error.other_institute',
    message: 'You cannot act in another institute.',
  },
  password_change_required: /*i18n*/ {
    id: 'error.password_change_required',
    message: 'Please set a new password first.',
  },
  invalid_credentials: /*i18n*/ {
    id: 'error.invalid_credentials',
    message: 'Email or Password is Invalid',
  },
  account_inactive: /*i18n*/ {
    id: 'error.account_inactive',
    message: 'This account has been deactivated.',
  },
  login_required: /*i18n*/ {
    id: 'error.login_required',
    message: 'Please enter your username or email.',
  },
  password_required: /*i18n*/ {
    id: 'error.password_required',
    message: 'Please enter your password.',
  },
  password_too_long: /*i18n*/ {
    id: 'error.password_too_long',
    message: 'The password is too long.',
  },
  password_too_short: /*i18n*/ {
    id: 'error.password_too_short',
    message: 'The password must be at least {min} characters.',
  },
  password_over_max: /*i18n*/ {
    id: 'error.password_over_max',
    message: 'The password must be at most {max} characters.',
  },
  password_too_common: /*i18n*/ {
    id: 'error.password_too_common',
    message: 'This password is too common. Choose another one.',
  },
  password_confirmation: /*i18n*/ {
    id: 'error.password_confirmation',
    message: 'The password confirmation does not match.',
  },
  current_password_required: /*i18n*/ {
    id: 'error.current_password_required',
    message: 'Please enter your current password.',
  },
  current_password_wrong: /*i18n*/ {
    id: 'error.current_password_wrong',
    message: 'The current password is not correct.',
  },
  password_unchanged: /*i18n*/ {
    id: 'error.password_unchanged',
    message: 'The new password must differ from the current one.',
  },
  temporary_password_reused: /*i18n*/ {
    id: 'error.temporary_password_reused',
    message: 'Choose a password other than the one you were given.',
  },
  password_already_set: /*i18n*/ {
    id: 'error.password_already_set',
    message: 'Your password is already set.',
  },
  email_or_phone_required: /*i18n*/ {
    id: 'error.email_or_phone_required',
    message: 'Please enter your email or mobile number.',
  },
  username_required: /*i18n*/ {
    id: 'error.username_required',
    message: 'Please enter your username.',
  },
  email_required: /*i18n*/ { id: 'error.email_required', message: 'Please enter your email.' },
  name_required: /*i18n*/ { id: 'error.name_required', message: 'Please enter your name.' },
  institute_name_required: /*i18n*/ {
    id: 'error.institute_name_required',
    message: 'Please enter the institute name.',
  },
  otp_shape: /*i18n*/ { id: 'error.otp_shape', message: 'The code is 6 digits.' },
  otp_wrong: /*i18n*/ { id: 'error.otp_wrong', message: 'The code is not correct.' },
  otp_too_many_wrong: /*i18n*/ {
    id: 'error.otp_too_many_wrong',
    message: 'Too many wrong codes. Ask for a new one.',
  },
  otp_expired: /*i18n*/ {
    id: 'error.otp_expired',
    message: 'The code has expired or was already used. Ask for a new one.',
  },
  otp_send_limit: /*i18n*/ {
    id: 'error.otp_send_limit',
    message: 'Too many codes were sent for this account. Try again later.',
  },
  otp_not_verified: /*i18n*/ {
    id: 'error.otp_not_verified',
    message: 'Verify the code we sent you first.',
  },
  username_not_found: /*i18n*/ {
    id: 'error.username_not_found',
    message: 'We could not find an account with that username.',
  },
  contact_not_found: /*i18n*/ {
    id: 'error.contact_not_found',
    message: 'We could not find an account with that email or mobile number.',
  },
  no_email: /*i18n*/ { id: 'error.no_email', message: 'This account has no email address.' },
  no_phone: /*i18n*/ { id: 'error.no_phone', message: 'This account has no mobile number.' },
  email_in_use: /*i18n*/ { id: 'error.email_in_use', message: 'This email is already in use.' },
  username_in_use: /*i18n*/ {
    id: 'error.username_in_use',
    message: 'This username is already in use.',
  },
  signup_disabled: /*i18n*/ { id: 'error.signup_disabled', message: 'Sign-up is turned off.' },
  already_impersonating: /*i18n*/ {
    id: 'error.already_impersonating',
    message: 'You are already acting as another user.',
  },
  impersonate_self: /*i18n*/ {
    id: 'error.impersonate_self',
    message: 'You cannot impersonate yourself.',
  },
  impersonate_admin: /*i18n*/ {
    id: 'error.impersonate_admin',
    message: 'Only a platform administrator may act as another one.',
  },

  // Users, roles and permissions
  user_not_found: /*i18n*/ { id: 'error.user_not_found', message: 'No such user' },
  role_not_found: /*i18n*/ { id: 'error.role_not_found', message: 'No such role' },
  institute_unknown: /*i18n*/ { id: 'error.institute_unknown', message: 'No such institute' },
  new_username_required: /*i18n*/ {
    id: 'error.new_username_required',
    message: 'Please enter a username.',
  },
  username_shape: /*i18n*/ {
    id: 'error.username_shape',
    message: 'Use 3–50 letters, digits, dots, dashes or underscores.',
  },
  full_name_required: /*i18n*/ {
    id: 'error.full_name_required',
    message: 'Please enter the full name.',
  },
  roles_required: /*i18n*/ {
    id: 'error.roles_required',
    message: 'Give the user at least one role.',
  },
  username_taken: /*i18n*/ { id: 'error.username_taken', message: 'This username is taken.' },
  email_taken: /*i18n*/ {
    id: 'error.email_taken',
    message: 'Another account uses this email address.',
  },
  unknown_role: /*i18n*/ { id: 'error.unknown_role', message: 'Unknown role.' },
  unknown_permission: /*i18n*/ { id: 'error.unknown_permission', message: 'Unknown permission.' },
  unknown_area: /*i18n*/ { id: 'error.unknown_area', message: 'Unknown area.' },
  role_name_required: /*i18n*/ {
    id: 'error.role_name_required',
    message: 'Please enter the role name.',
  },
  home_route_required: /*i18n*/ {
    id: 'error.home_route_required',
    message: 'Choose where users of this role land.',
  },
  role_name_taken: /*i18n*/ { id: 'error.role_name_taken', message: 'Another role has this name.' },
  home_route_forbidden: /*i18n*/ {
    id: 'error.home_route_forbidden',
    message: 'Users of this role could not open this page: choose one its permissions allow.',
  },
  grant_exceeds_own: /*i18n*/ {
    id: 'error.grant_exceeds_own',
    message: 'You cannot grant rights you do not have yourself.',
  },
  self_roles: /*i18n*/ { id: 'error.self_roles', message: 'You cannot change your own roles.' },
  self_status: /*i18n*/ {
    id: 'error.self_status',
    message: 'You cannot deactivate or reactivate yourself.',
  },
  self_password: /*i18n*/ {
    id: 'error.self_password',
    message: 'Change your own password from your profile.',
  },
  role_locked: /*i18n*/ { id: 'error.role_locked', message: 'The admin role cannot be changed.' },
  role_locked_delete: /*i18n*/ {
    id: 'error.role_locked_delete',
    message: 'The admin role cannot be deleted.',
  },
  role_in_use: /*i18n*/ {
    id: 'error.role_in_use',
    message: 'This role is still given to users: take it from them first.',
  },
  target_exceeds_own: /*i18n*/ {
    id: 'error.target_exceeds_own',
    message: 'This user holds rights you do not have: ask someone who has them.',
  },
  role_exceeds_own: /*i18n*/ {
    id: 'error.role_exceeds_own',
    message: 'This role holds rights you do not have: ask someone who has them.',
  },

  // Accounting
  account_not_found: /*i18n*/ { id: 'error.account_not_found', message: 'No such account' },
  mapping_not_found: /*i18n*/ { id: 'error.mapping_not_found', message: 'No such mapping' },
  voucher_not_found: /*i18n*/ { id: 'error.voucher_not_found', message: 'No such voucher' },
  account_name_required: /*i18n*/ {
    id: 'error.account_name_required',
    message: 'Please enter the account name.',
  },
  digits_only: /*i18n*/ { id: 'error.digits_only', message: 'Digits only.' },
  one_entry_per_level: /*i18n*/ {
    id: 'error.one_entry_per_level',
    message: 'One entry per level ({levels}).',
  },
  month_range: /*i18n*/ { id: 'error.month_range', message: 'A month, 1–12.' },
  amount_required: /*i18n*/ { id: 'error.amount_required', message: 'Enter an amount.' },
  amount_fraction: /*i18n*/ {
    id: 'error.amount_fraction',
    message: 'Amounts are whole minor units (no fractions).',
  },
  amount_negative: /*i18n*/ { id: 'error.amount_negative', message: 'Amounts cannot be negative.' },
  amount_too_large: /*i18n*/ { id: 'error.amount_too_large', message: 'This amount is too large.' },
  unknown_purpose: /*i18n*/ { id: 'error.unknown_purpose', message: 'Unknown purpose.' },
  voucher_type_required: /*i18n*/ {
    id: 'error.voucher_type_required',
    message: 'Choose the voucher type.',
  },
  narration_required: /*i18n*/ {
    id: 'error.narration_required',
    message: 'Please describe the voucher.',
  },
  line_one_side: /*i18n*/ {
    id: 'error.line_one_side',
    message: 'Each line is either a debit or a credit.',
  },
  voucher_two_lines: /*i18n*/ {
    id: 'error.voucher_two_lines',
    message: 'A voucher has at least two lines.',
  },
  voucher_unbalanced: /*i18n*/ {
    id: 'error.voucher_unbalanced',
    message: 'Debits and credits must be equal.',
  },
  unknown_account: /*i18n*/ { id: 'error.unknown_account', message: 'Unknown account.' },
  head_too_deep: /*i18n*/ {
    id: 'error.head_too_deep',
    message: 'A sub-child head cannot have accounts under it.',
  },
  has_postings: /*i18n*/ {
    id: 'error.has_postings',
    message: 'An account with postings cannot have accounts under it.',
  },
  no_free_code: /*i18n*/ {
    id: 'error.no_free_code',
    message: 'No free code is left under this head.',
  },
  gl_code_taken: /*i18n*/ { id: 'error.gl_code_taken', message: 'Another account has this code.' },
  gl_code_shape: /*i18n*/ {
    id: 'error.gl_code_shape',
    message: "Use the parent's code {parent} followed by {digits} digits.",
  },
  account_type_root: /*i18n*/ {
    id: 'error.account_type_root',
    message: 'The five account types cannot be changed.',
  },
  account_type_root_delete: /*i18n*/ {
    id: 'error.account_type_root_delete',
    message: 'The five account types cannot be deleted.',
  },
  head_inside_account: /*i18n*/ {
    id: 'error.head_inside_account',
    message: 'Choose a head outside this account.',
  },
  head_wrong_level: /*i18n*/ {
    id: 'error.head_wrong_level',
    message: 'Choose a head one level above this account.',
  },
  postings_keep_type: /*i18n*/ {
    id: 'error.postings_keep_type',
    message: 'An account with postings cannot move to another account type.',
  },
  has_children: /*i18n*/ {
    id: 'error.has_children',
    message: 'Delete or move the accounts under it first.',
  },
  has_postings_delete: /*i18n*/ {
    id: 'error.has_postings_delete',
    message: 'An account with postings cannot be deleted: deactivate it.',
  },
  mapped: /*i18n*/ {
    id: 'error.mapped',
    message: 'This account is mapped to a purpose: change the COA mapping first.',
  },
  mapped_type: /*i18n*/ {
    id: 'error.mapped_type',
    message: 'This account is mapped to a purpose of its type: change the COA mapping first.',
  },
  mapping_key_required: /*i18n*/ {
    id: 'error.mapping_key_required',
    message: 'Name which one this is.',
  },
  mapping_single: /*i18n*/ {
    id: 'error.mapping_single',
    message: 'This purpose has a single account.',
  },
  mapping_leaf: /*i18n*/ {
    id: 'error.mapping_leaf',
    message: 'Choose a leaf account: heads take no postings.',
  },
  mapping_type: /*i18n*/ {
    id: 'error.mapping_type',
    message: 'This purpose needs an account of type {type}, not {actual}.',
  },
  account_inactive_posting: /*i18n*/ {
    id: 'error.account_inactive_posting',
    message: 'This account is deactivated.',
  },
  posting_leaf_only: /*i18n*/ {
    id: 'error.posting_leaf_only',
    message: 'Only a leaf account takes postings.',
  },
  no_mapped_account: /*i18n*/ {
    id: 'error.no_mapped_account',
    message: 'No account is mapped for {purpose}.',
  },
  vouchers_posted: /*i18n*/ {
    id: 'error.vouchers_posted',
    message: 'The fiscal year cannot move once vouchers are posted.',
  },
  lock_date_in_future: /*i18n*/ {
    id: 'error.lock_date_in_future',
    message: 'The books cannot be closed beyond today.',
  },
  date_locked: /*i18n*/ {
    id: 'error.date_locked',
    message: 'The books are closed through {lockDate}: choose a date from {from} to {to}.',
  },
  date_not_open: /*i18n*/ {
    id: 'error.date_not_open',
    message:
      'Choose a date from {from} to {to}: vouchers go in the previous, current or next fiscal year.',
  },
  receipt_side: /*i18n*/ {
    id: 'error.receipt_side',
    message: 'A receipt brings money in: debit a cash, bank or gateway account.',
  },
  payment_side: /*i18n*/ {
    id: 'error.payment_side',
    message: 'A payment pays money out: credit a cash, bank or gateway account.',
  },
  contra_accounts: /*i18n*/ {
    id: 'error.contra_accounts',
    message: 'A contra voucher only moves money between cash, bank and gateway accounts.',
  },
  same_account_both_sides: /*i18n*/ {
    id: 'error.same_account_both_sides',
    message:
      'This account is already on the other side: a voucher cannot debit and credit the same account.',
  },
  already_reversed: /*i18n*/ {
    id: 'error.already_reversed',
    message: 'This voucher has already been reversed.',
  },
  reversal_of_reversal: /*i18n*/ {
    id: 'error.reversal_of_reversal',
    message: 'A reversing voucher cannot itself be reversed.',
  },
  reversal_before_voucher: /*i18n*/ {
    id: 'error.reversal_before_voucher',
    message: 'A reversal cannot be dated before the voucher it reverses.',
  },

  // Admission: the applicant's side
  institute_not_found: /*i18n*/ {
    id: 'error.institute_not_found',
    message: 'We could not find this institute.',
  },
  form_not_found: /*i18n*/ {
    id: 'error.form_not_found',
    message: 'We could not find this admission form.',
  },
  application_not_found: /*i18n*/ {
    id: 'error.application_not_found',
    message: 'We could not find this application.',
  },
  form_not_accepting: /*i18n*/ {
    id: 'error.form_not_accepting',
    message: 'This form is not taking applications now.',
  },
  application_locked: /*i18n*/ {
    id: 'error.application_locked',
    message: 'This application can no longer be changed.',
  },
  attachment_kind_unknown: /*i18n*/ {
    id: 'error.attachment_kind_unknown',
    message: 'This form asks for no attachment of this kind.',
  },
  applicant_name_required: /*i18n*/ {
    id: 'error.applicant_name_required',
    message: 'Please enter the applicant’s name.',
  },
  birth_date_future: /*i18n*/ {
    id: 'error.birth_date_future',
    message: 'The date of birth cannot be in the future.',
  },
  gender_required: /*i18n*/ { id: 'error.gender_required', message: 'Choose a gender.' },
  phone_shape: /*i18n*/ {
    id: 'error.phone_shape',
    message: 'Enter a phone number (digits, may start with +).',
  },
  email_shape: /*i18n*/ { id: 'error.email_shape', message: 'Enter an email address.' },
  answer_required: /*i18n*/ {
    id: 'error.answer_required',
    message: 'Please answer this question.',
  },
  answer_mismatch: /*i18n*/ {
    id: 'error.answer_mismatch',
    message: 'This answer does not fit the question.',
  },
  answer_unknown: /*i18n*/ {
    id: 'error.answer_unknown',
    message: 'An answer does not belong to a question of this form.',
  },
  too_many_answers: /*i18n*/ { id: 'error.too_many_answers', message: 'Too many answers.' },
  confirm_required: /*i18n*/ {
    id: 'error.confirm_required',
    message: 'Enter the phone number or date of birth given on the form.',
  },
  confirmation_failed: /*i18n*/ {
    id: 'error.confirmation_failed',
    message: 'This does not match the phone number or date of birth given on the form.',
  },
  file_required: /*i18n*/ { id: 'error.file_required', message: 'Choose a file.' },
  file_empty: /*i18n*/ { id: 'error.file_empty', message: 'This file is empty.' },
  file_too_large: /*i18n*/ { id: 'error.file_too_large', message: 'This file is too large.' },
  file_type: /*i18n*/ { id: 'error.file_type', message: 'This type of file is not accepted here.' },
  bad_file_name: /*i18n*/ {
    id: 'error.bad_file_name',
    message: 'This file name cannot be accepted. Rename the file and try again.',
  },
  file_damaged: /*i18n*/ {
    id: 'error.file_damaged',
    message:
      'This file is damaged or not what its type says. Open it on your device, save it again and send the new copy.',
  },
  file_active_content: /*i18n*/ {
    id: 'error.file_active_content',
    message:
      'This PDF contains scripts, attached files or other active content. Print it to a new PDF, or scan it, and send that.',
  },
  file_encrypted: /*i18n*/ {
    id: 'error.file_encrypted',
    message:
      'This PDF is protected (encrypted), so it cannot be checked. Save or print it as a new PDF without protection and send that.',
  },
  image_too_large: /*i18n*/ {
    id: 'error.image_too_large',
    message: 'This image has too many pixels. Send a smaller picture.',
  },

  // Admission: the staff's side
  form_missing: /*i18n*/ { id: 'error.form_missing', message: 'No such form' },
  applicant_not_found: /*i18n*/ { id: 'error.applicant_not_found', message: 'No such applicant' },
  attachment_not_found: /*i18n*/ {
    id: 'error.attachment_not_found',
    message: 'No such attachment',
  },
  title_required: /*i18n*/ { id: 'error.title_required', message: 'Please enter a title.' },
  session_required: /*i18n*/ {
    id: 'error.session_required',
    message: 'Please enter the academic session.',
  },
  class_required: /*i18n*/ { id: 'error.class_required', message: 'Please enter the class.' },
  key_shape: /*i18n*/ {
    id: 'error.key_shape',
    message: 'Use lower-case letters, digits and dashes.',
  },
  question_required: /*i18n*/ {
    id: 'error.question_required',
    message: 'Please enter the question.',
  },
  answer_kind_required: /*i18n*/ {
    id: 'error.answer_kind_required',
    message: 'Choose the kind of answer.',
  },
  option_empty: /*i18n*/ { id: 'error.option_empty', message: 'An option cannot be empty.' },
  too_many_options: /*i18n*/ { id: 'error.too_many_options', message: 'At most {max} options.' },
  choice_two_options: /*i18n*/ {
    id: 'error.choice_two_options',
    message: 'A choice needs at least two options.',
  },
  attachment_name_required: /*i18n*/ {
    id: 'error.attachment_name_required',
    message: 'Please name the attachment.',
  },
  unsupported_file_type: /*i18n*/ {
    id: 'error.unsupported_file_type',
    message: 'Unsupported file type.',
  },
  file_types_required: /*i18n*/ {
    id: 'error.file_types_required',
    message: 'Allow at least one file type.',
  },
  size_limit_required: /*i18n*/ { id: 'error.size_limit_required', message: 'Enter a size limit.' },
  size_limit_bytes: /*i18n*/ {
    id: 'error.size_limit_bytes',
    message: 'Enter a size limit in bytes.',
  },
  size_limit_small: /*i18n*/ { id: 'error.size_limit_small', message: 'At least 1 KB.' },
  size_limit_large: /*i18n*/ { id: 'error.size_limit_large', message: 'At most 10 MB.' },
  unknown_field: /*i18n*/ { id: 'error.unknown_field', message: 'Unknown field.' },
  too_many_questions: /*i18n*/ {
    id: 'error.too_many_questions',
    message: 'At most {max} questions.',
  },
  question_key_twice: /*i18n*/ {
    id: 'error.question_key_twice',
    message: 'Two questions have the same key.',
  },
  too_many_attachments: /*i18n*/ {
    id: 'error.too_many_attachments',
    message: 'At most {max} attachments.',
  },
  attachment_key_twice: /*i18n*/ {
    id: 'error.attachment_key_twice',
    message: 'Two attachments have the same key.',
  },
  form_key_taken: /*i18n*/ {
    id: 'error.form_key_taken',
    message: 'This key is taken; choose another.',
  },
  closes_before_opens: /*i18n*/ {
    id: 'error.closes_before_opens',
    message: 'The form cannot close before it opens.',
  },
  form_in_use: /*i18n*/ {
    id: 'error.form_in_use',
    message:
      'Applications have arrived for this form, so it cannot be deleted. Unpublish or close it instead.',
  },
  rejection_reason_required: /*i18n*/ {
    id: 'error.rejection_reason_required',
    message: 'Please give the reason for the rejection.',
  },
  unknown_status: /*i18n*/ { id: 'error.unknown_status', message: 'Unknown status.' },
  invalid_status: /*i18n*/ {
    id: 'error.invalid_status',
    message:
      'An applicant whose status is {status} cannot be {action, select, review {put under review} accept {accepted} reject {rejected} enrol {enrolled} other {changed}}.',
  },
} satisfies Record<string, MessageDescriptor>

export type ErrorCode = keyof typeof errorMessages

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorMessages, value)
