import type { MessageDescriptor } from '@lingui/core'

/** Invoice printing's refusals: its settings and the choice of what to print. */
export const invoicePrintErrors = {
  invoice_field_unknown: /*i18n*/ {
    id: 'error.invoice_field_unknown',
    message: 'Not a field an invoice can show.',
  },
  invoice_column_unknown: /*i18n*/ {
    id: 'error.invoice_column_unknown',
    message: 'Not a column an invoice can show.',
  },
  invoice_copy_unknown: /*i18n*/ {
    id: 'error.invoice_copy_unknown',
    message: 'A copy is for the student, the office or the bank.',
  },
  listed_twice: /*i18n*/ { id: 'error.listed_twice', message: 'Listed twice.' },
  copies_required: /*i18n*/ { id: 'error.copies_required', message: 'Print at least one copy.' },
  signature_label_required: /*i18n*/ {
    id: 'error.signature_label_required',
    message: 'Give the signature line a label.',
  },
  paper_unknown: /*i18n*/ {
    id: 'error.paper_unknown',
    message: 'Choose A4, A5 or 80 mm thermal paper.',
  },
  print_language_unknown: /*i18n*/ {
    id: 'error.print_language_unknown',
    message: 'Choose English, German, French, Portuguese or Bangla.',
  },
  print_scope_required: /*i18n*/ {
    id: 'error.print_scope_required',
    message: 'Choose an invoice, or a session and a class or section.',
  },
} satisfies Record<string, MessageDescriptor>
