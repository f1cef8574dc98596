/** SMS: templates, their texts and previews. */
export const smsErrors = {
  sms_template_name_required: /*i18n*/ {
    id: 'error.sms_template_name_required',
    message: 'Give the template a name.',
  },
  sms_template_name_taken: /*i18n*/ {
    id: 'error.sms_template_name_taken',
    message: 'Another template has this name.',
  },
  sms_template_not_found: /*i18n*/ {
    id: 'error.sms_template_not_found',
    message: 'No such template.',
  },
  sms_purpose_unknown: /*i18n*/ {
    id: 'error.sms_purpose_unknown',
    message: 'Choose what the template is for.',
  },
  sms_text_required: /*i18n*/ {
    id: 'error.sms_text_required',
    message: 'Write the message in at least one language.',
  },
  sms_unknown_variable: /*i18n*/ {
    id: 'error.sms_unknown_variable',
    message: 'The text names a variable that does not exist: choose one from the list.',
  },
  sms_too_long: /*i18n*/ {
    id: 'error.sms_too_long',
    message: 'A message may take at most 10 parts: shorten the text.',
  },
}
