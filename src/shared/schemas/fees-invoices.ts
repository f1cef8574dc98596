import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { id } from './primitives.ts'

/*
 * Invoices and group invoice runs over the API. Money is integer minor units; each line carries
 * how its figures were found (src/shared/fees/invoice-line.ts) for the invoice page to explain.
 */

const ids = (max: number) => v.pipe(v.array(id), v.maxLength(max, 'too_big'))
const feeHeadIds = v.pipe(
  v.array(id),
  v.minLength(1, 'fee_heads_required'),
  v.maxLength(50, 'too_big'),
)

/** One student's invoice: the heads of a period, or (no period) one-time / per-event heads. */
export const CreateInvoiceSchema = v.object({
  studentId: id,
  academicSessionId: id,
  periodId: v.optional(v.nullable(id), null),
  feeHeadIds,
  /** Defaults to the period's issue date, or today without a period. */
  issueDate: v.optional(isoDate),
})
export type CreateInvoice = v.InferOutput<typeof CreateInvoiceSchema>

export const CancelInvoiceSchema = v.object({
  reason: v.pipe(
    v.string('cancel_reason_required'),
    v.trim(),
    v.nonEmpty('cancel_reason_required'),
    v.maxLength(500, 'too_big'),
  ),
})
export type CancelInvoice = v.InferOutput<typeof CancelInvoiceSchema>

/** Who and what a group run invoices: empty lists mean "all" of that kind within the session. */
export const GroupInvoiceScopeSchema = v.object({
  academicSessionId: id,
  periodIds: v.pipe(v.array(id), v.minLength(1, 'periods_required'), v.maxLength(24, 'too_big')),
  campusId: v.optional(v.nullable(id), null),
  classIds: v.optional(ids(200), []),
  sectionIds: v.optional(ids(500), []),
  groupIds: v.optional(ids(100), []),
  studentIds: v.optional(ids(20_000), []),
  feeHeadIds,
})
export type GroupInvoiceScope = v.InferOutput<typeof GroupInvoiceScopeSchema>
export type GroupInvoiceScopeInput = v.InferInput<typeof GroupInvoiceScopeSchema>

export const skipReasons = ['already_invoiced', 'left', 'no_fee_configured'] as const
export type SkipReason = (typeof skipReasons)[number]

export interface GroupInvoiceTotal {
  classId: string
  className: string
  feeHeadId: string
  feeHeadName: string
  lines: number
  netMinor: number
}

export interface GroupInvoicePreview {
  invoiceCount: number
  lineCount: number
  totalMinor: number
  totals: GroupInvoiceTotal[]
  skipped: { studentId: string; studentName: string; studentCode: string; reason: SkipReason }[]
  /** How many skipped students there are in all (the list shows the first few hundred). */
  skippedCount: number
}

export interface GroupInvoiceRun {
  id: string
  jobId: string | null
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
  invoiceCount: number
  skippedCount: number
  totalMinor: number
  createdAt: string
}

export interface InvoiceLineExplanation {
  gross: { source: 'configured' | 'override'; amount: number }
  concessions: {
    concessionId: string
    kind: 'percent' | 'fixed'
    rateBp: number | null
    amount: number
    category: string
  }[]
  vat: { rateBp: number; inclusive: boolean; base: number; amount: number } | null
}

export interface InvoiceLine {
  id: string
  lineNo: number
  feeHeadId: string
  feeHeadName: string
  periodId: string | null
  periodName: string | null
  grossMinor: number
  concessionMinor: number
  vatMinor: number
  netMinor: number
  paidMinor: number
  explanation: InvoiceLineExplanation
}

export interface Invoice {
  id: string
  number: string
  studentId: string
  studentName: string
  studentCode: string
  issueDate: string
  dueDate: string
  status: 'unpaid' | 'partially_paid' | 'paid' | 'cancelled'
  /** On a credit note: the invoice it reverses. */
  creditOf: string | null
  /** On a cancelled invoice: its credit note. */
  creditNoteId: string | null
  reason: string
  totalMinor: number
  /** The concession credit notes of concessions approved after it was posted (totals < 0). */
  concessionCredits: { id: string; number: string; concessionId: string; totalMinor: number }[]
  lines: InvoiceLine[]
}

/** Waiving (part of) a line's fine: without an amount, the whole of its fine as of today. */
export const FineWaiverRequestSchema = v.object({
  amountMinor: v.optional(
    v.nullable(v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_negative'))),
    null,
  ),
  reason: v.pipe(
    v.string('fine_waiver_reason_required'),
    v.trim(),
    v.nonEmpty('fine_waiver_reason_required'),
    v.maxLength(500, 'too_long'),
  ),
})
export type FineWaiverRequest = v.InferOutput<typeof FineWaiverRequestSchema>
export type FineWaiverRequestInput = v.InferInput<typeof FineWaiverRequestSchema>

export const FineWaiverRowSchema = v.object({
  id: v.string(),
  waivedOn: v.string(),
  amountMinor: v.number(),
  reason: v.string(),
  createdByName: v.nullable(v.string()),
  createdAt: v.string(),
})
export type FineWaiverRow = v.InferOutput<typeof FineWaiverRowSchema>

/** A line's fine as of today: what the rules ask, what was waived, what is charged. */
export const LineFineSchema = v.object({
  invoiceId: v.string(),
  lineId: v.string(),
  asOf: v.string(),
  fineMinor: v.number(),
  waivedMinor: v.number(),
  chargedMinor: v.number(),
  waivers: v.array(FineWaiverRowSchema),
})
export type LineFine = v.InferOutput<typeof LineFineSchema>
