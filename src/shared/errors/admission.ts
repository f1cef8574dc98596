import type { MessageDescriptor } from '@lingui/core'

/** Admission: the applicant's side, then the staff's. */
export const admissionErrors = {
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
  confirm_shape: /*i18n*/ {
    id: 'error.confirm_shape',
    message:
      'Enter the phone number, or the date of birth with its day, month and four-digit year, as given on the form.',
  },
  confirmation_failed: /*i18n*/ {
    id: 'error.confirmation_failed',
    message: 'This does not match the phone number or date of birth given on the form.',
  },
  link_channel_required: /*i18n*/ {
    id: 'error.link_channel_required',
    message: 'Choose whether to send the link by SMS or by email.',
  },
  application_no_email: /*i18n*/ {
    id: 'error.application_no_email',
    message: 'No email address was given on this application.',
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
    message: 'Please choose the academic session.',
  },
  class_required: /*i18n*/ { id: 'error.class_required', message: 'Please choose the class.' },
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
