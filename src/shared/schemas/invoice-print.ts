import * as v from 'valibot'
import type { ErrorCode } from '../errors/catalogue.ts'
import { instituteLocales, LogoSchema } from './institutes.ts'
import { optionalText, text } from './primitives.ts'
import { InvoicePrintSearchSchema } from './invoice-print-search.ts'

/*
 * How invoices print (§2 /invoice-print-settings) and the invoices of a print run. The institute's
 * name, logo and address come from its settings; the rest is the institute's print settings.
 */

/** What the header of an invoice may show besides the invoice number and the student's name. */
export const invoiceHeaderFields = [
  'studentCode',
  'className',
  'section',
  'roll',
  'group',
  'guardian',
  'guardianPhone',
  'session',
  'campus',
  'period',
  'issueDate',
  'dueDate',
] as const
export type InvoiceHeaderField = (typeof invoiceHeaderFields)[number]

/** The columns of an invoice's lines besides the fee head. */
export const invoiceColumns = [
  'period',
  'gross',
  'concession',
  'vat',
  'net',
  'paid',
  'due',
] as const
export type InvoiceColumn = (typeof invoiceColumns)[number]

/** The copies of a slip, each with its label: the three-part slip schools hand out. */
export const invoiceCopies = ['student', 'office', 'bank'] as const
export type InvoiceCopy = (typeof invoiceCopies)[number]

export const invoicePapers = ['a4', 'a5', 'thermal80'] as const
export type InvoicePaper = (typeof invoicePapers)[number]

export const printLanguages = instituteLocales
export type PrintLanguage = (typeof printLanguages)[number]

/** A list of names chosen from `names`, each once, in the order they print. */
const choices = <const T extends string>(names: readonly T[], unknown: ErrorCode) =>
  v.pipe(
    v.array(v.picklist(names, unknown)),
    v.maxLength(names.length, 'too_big'),
    v.checkItems((item, index, list) => list.indexOf(item) === index, 'listed_twice'),
  )

export const InvoicePrintSettingsInputSchema = v.object({
  footerText: optionalText(500),
  shownFields: choices(invoiceHeaderFields, 'invoice_field_unknown'),
  shownColumns: choices(invoiceColumns, 'invoice_column_unknown'),
  paper: v.picklist(invoicePapers, 'paper_unknown'),
  copies: v.pipe(choices(invoiceCopies, 'invoice_copy_unknown'), v.minLength(1, 'copies_required')),
  signatureLabels: v.pipe(v.array(text(40, 'signature_label_required')), v.maxLength(4, 'too_big')),
  /** null: the institute's own language. */
  language: v.nullable(v.picklist(printLanguages, 'print_language_unknown')),
})
export type InvoicePrintSettingsInput = v.InferOutput<typeof InvoicePrintSettingsInputSchema>

/** The settings an institute starts with, until it saves its own. */
export const defaultInvoicePrintSettings: InvoicePrintSettingsInput = {
  footerText: '',
  shownFields: ['studentCode', 'className', 'section', 'roll', 'issueDate', 'dueDate'],
  shownColumns: ['period', 'gross', 'concession', 'vat', 'net'],
  paper: 'a4',
  copies: ['student', 'office'],
  signatureLabels: [],
  language: null,
}

/** The institute as an invoice's header shows it, from its settings. */
export const PrintInstituteSchema = v.object({
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  logo: v.nullable(LogoSchema),
  locale: v.picklist(instituteLocales),
  currency: v.string(),
  currencyDigits: v.number(),
})

export const InvoicePrintSettingsSchema = v.object({
  ...InvoicePrintSettingsInputSchema.entries,
  footerText: v.string(),
  /** False while the institute prints with the defaults. */
  saved: v.boolean(),
  institute: PrintInstituteSchema,
})
export type InvoicePrintSettings = v.InferOutput<typeof InvoicePrintSettingsSchema>

/** The search with its scope given: what the server prints. */
export const InvoicePrintQuerySchema = v.pipe(
  InvoicePrintSearchSchema,
  v.forward(
    v.check(
      (q) => Boolean(q.invoiceId || q.runId || (q.academicSessionId && (q.classId || q.sectionId))),
      'print_scope_required',
    ),
    ['classId'],
  ),
)
export type InvoicePrintQuery = v.InferOutput<typeof InvoicePrintQuerySchema>

/** The invoices printed on one page of the run: a class of a large school fits in one. */
export const invoicesPerPrint = 200

export const PrintedInvoiceLineSchema = v.object({
  lineNo: v.number(),
  feeHeadName: v.string(),
  periodName: v.nullable(v.string()),
  grossMinor: v.number(),
  concessionMinor: v.number(),
  vatMinor: v.number(),
  netMinor: v.number(),
  paidMinor: v.number(),
})

export const PrintedInvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  issueDate: v.string(),
  dueDate: v.string(),
  status: v.string(),
  studentId: v.string(),
  studentName: v.string(),
  studentCode: v.string(),
  className: v.nullable(v.string()),
  section: v.nullable(v.string()),
  roll: v.nullable(v.number()),
  group: v.nullable(v.string()),
  guardian: v.string(),
  guardianPhone: v.string(),
  session: v.string(),
  campus: v.string(),
  period: v.nullable(v.string()),
  totalMinor: v.number(),
  paidMinor: v.number(),
  lines: v.array(PrintedInvoiceLineSchema),
})
export type PrintedInvoice = v.InferOutput<typeof PrintedInvoiceSchema>

export const InvoicePrintRunSchema = v.object({
  settings: InvoicePrintSettingsSchema,
  data: v.array(PrintedInvoiceSchema),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
})
export type InvoicePrintRun = v.InferOutput<typeof InvoicePrintRunSchema>
