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
  sms_country_unknown: /*i18n*/ {
    id: 'error.sms_country_unknown',
    message: 'Choose the country the institute’s phone numbers are in.',
  },
  sms_number_required: /*i18n*/ {
    id: 'error.sms_number_required',
    message: 'Give the phone number.',
  },
  sms_number_invalid: /*i18n*/ {
    id: 'error.sms_number_invalid',
    message:
      'This is not a phone number that can get messages: check it, with its country code if it is abroad.',
  },
  sms_opt_out_reason_required: /*i18n*/ {
    id: 'error.sms_opt_out_reason_required',
    message: 'Say why this number gets no more messages (asked by the guardian, wrong number…).',
  },
  sms_number_opted_out: /*i18n*/ {
    id: 'error.sms_number_opted_out',
    message: 'This number is already on the list.',
  },
  sms_opt_out_not_found: /*i18n*/ {
    id: 'error.sms_opt_out_not_found',
    message: 'This number is not on the list.',
  },
  sms_numbers_required: /*i18n*/ {
    id: 'error.sms_numbers_required',
    message: 'Paste or type the numbers, one a line.',
  },
  sms_audience_unknown: /*i18n*/ {
    id: 'error.sms_audience_unknown',
    message: 'Choose who gets the message.',
  },
}
