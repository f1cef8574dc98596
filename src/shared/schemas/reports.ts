import * as v from 'valibot'
import { tenderMethods } from './collection-search.ts'
import { minor } from './minor-units.ts'
import { reportFileQuery } from './report-file-query.ts'
import {
  DueReportQuerySchema,
  HeadLedgerLinesQuerySchema,
  HeadLedgerQuerySchema,
  HeadSummariesQuerySchema,
  PaidReportQuerySchema,
  StudentLedgerQuerySchema,
  headLedgerFigures,
  headSummaryAxes,
  headSummaryMeasures,
  paidGroupings,
  paidStatuses,
} from './report-search.ts'

/* The reports' answers, and their files' queries: the filters are in report-search.ts. */

/** How long past its due date a line is, on the report's day. */
export const agingBuckets = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90'] as const
export type AgingBucket = (typeof agingBuckets)[number]

/** The bucket of a line due on `dueDate`, counted on `asOf` (both YYYY-MM-DD). */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  if (dueDate > asOf) return 'notDue'
  const days = (Date.parse(asOf) - Date.parse(dueDate)) / 86_400_000
  if (days <= 30) return 'days0to30'
  if (days <= 60) return 'days31to60'
  if (days <= 90) return 'days61to90'
  return 'over90'
}

export const DueReportFileQuerySchema = reportFileQuery(DueReportQuerySchema)

/** One invoice line with something owed on the day: its principal, and its fine apart. */
export const DueReportRowSchema = v.object({
  lineId: v.string(),
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  studentId: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  className: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
  roll: v.nullable(v.number()),
  /** Left out (null) for a user who may not read students. */
  guardianPhone: v.nullable(v.string()),
  feeHeadName: v.string(),
  periodName: v.nullable(v.string()),
  dueDate: v.string(),
  bucket: v.picklist(agingBuckets),
  principalMinor: minor,
  /** Accrued by the fine rules to the day, less waivers and what is paid of it: not in the ledger. */
  fineMinor: minor,
})
export type DueReportRow = v.InferOutput<typeof DueReportRowSchema>

/**
 * The report's agreement with the general ledger: Σ principal owed by every student as of the
 * day (whatever the filters) against the Fee receivable account's balance that day. `ledgerMinor`
 * is null when no account is mapped as Fee receivable. For a reader limited to some campuses
 * (`withheld`), the check is still the whole institute's (vouchers carry no campus): whether it
 * holds is said, its figures (null) are not, and `mapped` says whether it could be made.
 */
export const LedgerAgreementSchema = v.object({
  reportMinor: v.nullable(minor),
  ledgerMinor: v.nullable(minor),
  agrees: v.boolean(),
  withheld: v.optional(v.object({ mapped: v.boolean() })),
})
export type LedgerAgreement = v.InferOutput<typeof LedgerAgreementSchema>

export const DueReportSchema = v.object({
  asOf: v.string(),
  data: v.array(DueReportRowSchema),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  /** Of every line the filters keep; their fines apart (DueFinesSchema): they take longer. */
  totals: v.object({
    principalMinor: minor,
    students: v.number(),
    /** Principal owed per aging bucket. */
    buckets: v.object(
      Object.fromEntries(agingBuckets.map((b) => [b, minor])) as Record<AgingBucket, typeof minor>,
    ),
  }),
  agreement: LedgerAgreementSchema,
  /** Whether the rows carry guardians' phones (users who may read students). */
  guardianPhones: v.boolean(),
})
export type DueReport = v.InferOutput<typeof DueReportSchema>

/**
 * The fine owed as of the day on every line a due report's filters keep, however many pages:
 * read apart from the report, as every fined line's fine is computed by the fine rules.
 */
export const DueFinesSchema = v.object({ asOf: v.string(), fineMinor: minor })
export type DueFines = v.InferOutput<typeof DueFinesSchema>

/**
 * How the money of a receipt came: at the counter (cash, bank, cheque, card, mobile money),
 * or from the student's advance alone (no money taken).
 */
export const paidKinds = ['counter', 'advance'] as const

export const PaidReportFileQuerySchema = reportFileQuery(PaidReportQuerySchema)

export const PaidReportRowSchema = v.object({
  paymentId: v.string(),
  number: v.string(),
  receivedOn: v.string(),
  payerName: v.string(),
  studentCode: v.nullable(v.string()),
  className: v.nullable(v.string()),
  cashierName: v.nullable(v.string()),
  methods: v.array(v.picklist(tenderMethods)),
  kind: v.picklist(paidKinds),
  /** The money received: Σ its tenders. */
  receivedMinor: minor,
  /** Paid from the students' advances, no money taken. */
  advanceMinor: minor,
  status: v.picklist(paidStatuses),
})
export type PaidReportRow = v.InferOutput<typeof PaidReportRowSchema>

/**
 * One group's figures over every receipt kept that stands: by day, class or cashier the money received and
 * advances applied; by method the tenders of that method; by head what the receipts paid of
 * that head's lines (fee and fine), however the money came.
 */
export const PaidGroupSchema = v.object({
  key: v.string(),
  label: v.string(),
  receipts: v.number(),
  amountMinor: minor,
  advanceMinor: minor,
})
export type PaidGroup = v.InferOutput<typeof PaidGroupSchema>

export const PaidReportSchema = v.object({
  from: v.string(),
  to: v.string(),
  groupBy: v.picklist(paidGroupings),
  data: v.array(PaidReportRowSchema),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  groups: v.array(PaidGroupSchema),
  /**
   * Every receipt kept; the money of those standing (received, and paid from advances), and
   * apart the money of those cancelled since (handed back).
   */
  totals: v.object({
    receipts: v.number(),
    receivedMinor: minor,
    advanceMinor: minor,
    cancelledMinor: minor,
  }),
  agreement: LedgerAgreementSchema,
  /** Who took receipts in the period: the cashier filter's choices. */
  cashiers: v.array(v.object({ id: v.string(), name: v.string() })),
})
export type PaidReport = v.InferOutput<typeof PaidReportSchema>

/**
 * What a student ledger's row records: an invoice line, a credit note's line (a concession, a
 * cancellation), a fine charged when paid (and taken back with its receipt), a payment (at the
 * counter, or from the advance alone) and its cancellation, a fine waived (not in the balance:
 * fines owe nothing until paid) and the advance's movements (apart from the balance).
 */
export const ledgerEntryKinds = [
  'invoice',
  'concession',
  'cancellation',
  'fine',
  'payment',
  'advancePayment',
  'paymentCancelled',
  'fineCancelled',
  'waiver',
  'advanceDeposit',
  'advanceUsed',
  'advanceCancelled',
  'advanceRefund',
  'advanceTransfer',
] as const
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number]

export const StudentLedgerFileQuerySchema = reportFileQuery(StudentLedgerQuerySchema)

/** One row: debit (owed more), credit (owed less) and the balance after it; the advance apart. */
export const StudentLedgerRowSchema = v.object({
  date: v.string(),
  kind: v.picklist(ledgerEntryKinds),
  /** The invoice, credit note or receipt, as printed. */
  documentNumber: v.nullable(v.string()),
  invoiceId: v.nullable(v.string()),
  paymentId: v.nullable(v.string()),
  feeHeadName: v.nullable(v.string()),
  periodName: v.nullable(v.string()),
  debitMinor: minor,
  creditMinor: minor,
  balanceMinor: minor,
  /** The advance's movement (+ in, − out) and its balance after it. */
  advanceMinor: minor,
  advanceBalanceMinor: minor,
  /** A fine waived: shown, never in the balance. */
  waivedMinor: minor,
})
export type StudentLedgerRow = v.InferOutput<typeof StudentLedgerRowSchema>

/** A balance at a day's end: what is owed (principal) and the advance held. */
const LedgerBalanceSchema = v.object({ balanceMinor: minor, advanceMinor: minor })

export const StudentLedgerSchema = v.object({
  student: v.object({
    id: v.string(),
    studentCode: v.string(),
    fullName: v.string(),
    guardianName: v.string(),
    className: v.nullable(v.string()),
    sectionName: v.nullable(v.string()),
    roll: v.nullable(v.number()),
  }),
  from: v.string(),
  to: v.string(),
  /** Everything before `from`. */
  opening: LedgerBalanceSchema,
  data: v.array(StudentLedgerRowSchema),
  totals: v.object({ debitMinor: minor, creditMinor: minor }),
  closing: LedgerBalanceSchema,
  /** The fine accrued by `to` and not paid, as the due report shows it: not in the balance. */
  fineAccruedMinor: minor,
  /** The closing balance against the student's principal in the due report as of `to`. */
  agreement: LedgerAgreementSchema,
})
export type StudentLedger = v.InferOutput<typeof StudentLedgerSchema>
export const HeadLedgerFileQuerySchema = reportFileQuery(HeadLedgerQuerySchema)

/** The file of the lines one figure of a head is made of: every line, in one file. */
export const HeadLedgerLinesFileQuerySchema = reportFileQuery(
  v.omit(HeadLedgerLinesQuerySchema, ['page', 'perPage']),
)
export type HeadLedgerLinesFileQuery = v.InferOutput<typeof HeadLedgerLinesFileQuerySchema>

/**
 * One fee head's figures over a period: what was owed the day before it opens, what invoices
 * added (billed before concessions, VAT added on top of a price), concessions, invoices cancelled
 * by credit notes, principal collected and given back by cancelled receipts, what is owed at its
 * end. opening + billed − concessions + VAT − cancelledInvoices − collected + cancelledReceipts =
 * closing. Fines paid are apart: they are not part of what is owed.
 */
export const HeadLedgerRowSchema = v.object({
  feeHeadId: v.string(),
  feeHeadName: v.string(),
  ...(Object.fromEntries(headLedgerFigures.map((f) => [f, minor])) as Record<
    (typeof headLedgerFigures)[number],
    typeof minor
  >),
})
export type HeadLedgerRow = v.InferOutput<typeof HeadLedgerRowSchema>

export const HeadLedgerSchema = v.object({
  from: v.string(),
  to: v.string(),
  data: v.array(HeadLedgerRowSchema),
  /** Every head's figures added up. */
  totals: v.object(HeadLedgerRowSchema.entries),
  /** Σ principal owed by every student as of `to` against the Fee receivable account then. */
  agreement: LedgerAgreementSchema,
})
export type HeadLedger = v.InferOutput<typeof HeadLedgerSchema>

/** What a line of a figure is: an invoice's line, a credit note's, a receipt's or its cancellation. */
export const headLedgerLineKinds = [
  'invoice',
  'concessionNote',
  'creditNote',
  'receipt',
  'cancelledReceipt',
] as const

/** One document's part in a head's figure, with the amount it adds to that figure. */
export const HeadLedgerLineSchema = v.object({
  day: v.string(),
  kind: v.picklist(headLedgerLineKinds),
  documentId: v.string(),
  number: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  className: v.nullable(v.string()),
  amountMinor: minor,
})
export type HeadLedgerLine = v.InferOutput<typeof HeadLedgerLineSchema>

export const HeadLedgerLinesSchema = v.object({
  data: v.array(HeadLedgerLineSchema),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  /** The figure: Σ amount of every line, however many pages. */
  totalMinor: minor,
  /** For what is owed at either end: the day its lines are owed as of (the due report's). */
  asOf: v.nullable(v.string()),
})
export type HeadLedgerLines = v.InferOutput<typeof HeadLedgerLinesSchema>

export const HeadSummariesFileQuerySchema = reportFileQuery(HeadSummariesQuerySchema)

/** A matrix of heads by class or month: each row's cells in the order of `columns`. */
export const HeadSummariesSchema = v.object({
  from: v.string(),
  to: v.string(),
  by: v.picklist(headSummaryAxes),
  measure: v.picklist(headSummaryMeasures),
  /** A class (its id, '' for students in none) or a month (YYYY-MM). */
  columns: v.array(v.object({ key: v.string(), label: v.string() })),
  rows: v.array(
    v.object({
      feeHeadId: v.string(),
      feeHeadName: v.string(),
      cells: v.array(minor),
      totalMinor: minor,
    }),
  ),
  columnTotals: v.array(minor),
  totalMinor: minor,
})
export type HeadSummaries = v.InferOutput<typeof HeadSummariesSchema>
