import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type {
  InvoiceColumn,
  InvoiceCopy,
  InvoiceHeaderField,
  InvoicePaper,
} from '../../../shared/schemas/invoice-print.ts'

/* Printed invoices' words: rendered in the print language (InvoiceSlip's I18nProvider). */

export const headerFieldLabels: Record<InvoiceHeaderField, MessageDescriptor> = {
  studentCode: msg`Student ID`,
  className: msg`Class`,
  section: msg`Section`,
  roll: msg`Roll`,
  group: msg`Group`,
  guardian: msg`Guardian`,
  guardianPhone: msg`Guardian’s phone`,
  session: msg`Session`,
  campus: msg`Campus`,
  period: msg`Period`,
  issueDate: msg`Issue date`,
  dueDate: msg`Due date`,
}

export const columnLabels: Record<InvoiceColumn, MessageDescriptor> = {
  period: msg`Period`,
  gross: msg`Amount`,
  concession: msg`Concession`,
  vat: msg`VAT`,
  net: msg`Net`,
  paid: msg`Paid`,
  due: msg`Due`,
}

export const copyLabels: Record<InvoiceCopy, MessageDescriptor> = {
  student: msg`Student copy`,
  office: msg`Office copy`,
  bank: msg`Bank copy`,
}

export const paperLabels: Record<InvoicePaper, MessageDescriptor> = {
  a4: msg`A4`,
  a5: msg`A5`,
  thermal80: msg`80 mm thermal roll`,
}
