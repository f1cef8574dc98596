import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { FineRuleSchema } from './fee-rules.ts'
import { jobStatuses } from './jobs.ts'
import { minor } from './minor-units.ts'
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

export const GroupInvoiceTotalSchema = v.object({
  classId: v.string(),
  className: v.string(),
  feeHeadId: v.string(),
  feeHeadName: v.string(),
  lines: v.number(),
  netMinor: v.number(),
})

export const GroupInvoicePreviewSchema = v.object({
  invoiceCount: v.number(),
  lineCount: v.number(),
  totalMinor: v.number(),
  totals: v.array(GroupInvoiceTotalSchema),
  skipped: v.array(
    v.object({
      studentId: v.string(),
      studentName: v.string(),
      studentCode: v.string(),
      reason: v.picklist(skipReasons),
    }),
  ),
  /** How many skipped students there are in all (the list shows the first few hundred). */
  skippedCount: v.number(),
  /** The VAT each head with a VAT rate adds, and the rates applied. */
  vat: v.array(
    v.object({
      feeHeadId: v.string(),
      feeHeadName: v.string(),
      vatMinor: v.number(),
      rateBps: v.array(v.number()),
    }),
  ),
  /** Heads whose VAT rate starts after a period's issue date: no VAT on those invoices. */
  vatNotInForce: v.array(
    v.object({
      feeHeadId: v.string(),
      feeHeadName: v.string(),
      issueDate: v.string(),
      rateBp: v.number(),
      effectiveFrom: v.string(),
    }),
  ),
})
export type GroupInvoicePreview = v.InferOutput<typeof GroupInvoicePreviewSchema>

/** A run as listed: its scope as chosen, its job's state and what it made so far. */
export const GroupInvoiceRunSchema = v.object({
  id: v.string(),
  jobId: v.nullable(v.string()),
  /** The job's state (a run whose job is being cancelled shows `cancelling`). */
  status: v.picklist(jobStatuses),
  scope: GroupInvoiceScopeSchema,
  invoiceCount: v.number(),
  skippedCount: v.number(),
  totalMinor: v.number(),
  createdAt: v.string(),
})
export type GroupInvoiceRun = v.InferOutput<typeof GroupInvoiceRunSchema>
export const GroupInvoiceRunListSchema = v.object({ data: v.array(GroupInvoiceRunSchema) })

/** One run with the invoices it made (the first few hundred of them). */
export const GroupInvoiceRunDetailSchema = v.object({
  ...GroupInvoiceRunSchema.entries,
  invoices: v.array(
    v.object({
      id: v.string(),
      number: v.string(),
      studentName: v.string(),
      studentCode: v.string(),
      totalMinor: v.number(),
    }),
  ),
})
export type GroupInvoiceRunDetail = v.InferOutput<typeof GroupInvoiceRunDetailSchema>

/** What the group invoice screen chooses from beyond the fee structure: a session's sections, students found. */
export const GroupInvoiceOptionsSchema = v.object({
  sections: v.array(v.object({ id: v.string(), classId: v.string(), name: v.string() })),
  students: v.array(
    v.object({
      id: v.string(),
      fullName: v.string(),
      studentCode: v.string(),
      className: v.string(),
    }),
  ),
})
export type GroupInvoiceOptions = v.InferOutput<typeof GroupInvoiceOptionsSchema>
export const GroupInvoiceOptionsQuerySchema = v.object({
  academicSessionId: id,
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'too_long')), ''),
})
export type GroupInvoiceOptionsQuery = v.InferInput<typeof GroupInvoiceOptionsQuerySchema>

export const invoiceStatuses = ['unpaid', 'partially_paid', 'paid', 'cancelled'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]

export const InvoiceLineExplanationSchema = v.object({
  gross: v.object({ source: v.picklist(['configured', 'override']), amount: minor }),
  concessions: v.array(
    v.object({
      concessionId: v.string(),
      kind: v.picklist(['percent', 'fixed']),
      rateBp: v.nullable(v.number()),
      amount: minor,
      category: v.string(),
    }),
  ),
  vat: v.nullable(
    v.object({ rateBp: v.number(), inclusive: v.boolean(), base: minor, amount: minor }),
  ),
})
export type InvoiceLineExplanation = v.InferOutput<typeof InvoiceLineExplanationSchema>

export const InvoiceLineSchema = v.object({
  id: v.string(),
  lineNo: v.number(),
  feeHeadId: v.string(),
  feeHeadName: v.string(),
  periodId: v.nullable(v.string()),
  periodName: v.nullable(v.string()),
  grossMinor: minor,
  concessionMinor: minor,
  vatMinor: minor,
  netMinor: minor,
  /** The fine paid on the line so far: income, never part of its balance (the fine as of any day is computed from `fineRules`). */
  fineMinor: minor,
  /** The principal paid. */
  paidMinor: minor,
  /** What is still owed of it: its net with its credit notes less the principal paid, never a fine. */
  balanceMinor: minor,
  /** The day the VAT rate applied came into force, when it is still on record. */
  vatEffectiveFrom: v.nullable(v.string()),
  explanation: InvoiceLineExplanationSchema,
})
export type InvoiceLine = v.InferOutput<typeof InvoiceLineSchema>

export const InvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  studentId: v.string(),
  studentName: v.string(),
  studentCode: v.string(),
  academicSessionId: v.string(),
  /** Where the student was placed in the invoice's session. */
  className: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
  roll: v.nullable(v.number()),
  issueDate: v.string(),
  dueDate: v.string(),
  status: v.picklist(invoiceStatuses),
  /** On a credit note: the invoice it reverses. */
  creditOf: v.nullable(v.string()),
  creditOfNumber: v.nullable(v.string()),
  /** On a cancelled invoice: its credit note. */
  creditNoteId: v.nullable(v.string()),
  creditNoteNumber: v.nullable(v.string()),
  reason: v.string(),
  totalMinor: minor,
  /** The concession credit notes of concessions approved after it was posted (totals < 0). */
  concessionCredits: v.array(
    v.object({ id: v.string(), number: v.string(), concessionId: v.string(), totalMinor: minor }),
  ),
  lines: v.array(InvoiceLineSchema),
  /** The fine rules that can apply to the lines, for their fine as of any day (shared/fees/fine.ts). */
  fineRules: v.array(FineRuleSchema),
})
export type Invoice = v.InferOutput<typeof InvoiceSchema>

/** GET /fees/invoices?studentId=…: one student's invoices with their balances. */
export const InvoiceListQuerySchema = v.object({ studentId: id })

export const InvoiceSummarySchema = v.object({
  id: v.string(),
  number: v.string(),
  issueDate: v.string(),
  dueDate: v.string(),
  periodNames: v.array(v.string()),
  status: v.picklist(invoiceStatuses),
  netMinor: minor,
  /** The principal paid. */
  paidMinor: minor,
  /** The fines paid with it: income, never owed (so never in the balance). */
  fineMinor: minor,
  /** What is still owed: Σ its lines' balances (net with credit notes − principal paid), nothing once cancelled. */
  balanceMinor: minor,
  creditNote: v.nullable(
    v.object({ id: v.string(), number: v.string(), issueDate: v.string(), netMinor: minor }),
  ),
})

export const StudentInvoicesSchema = v.object({
  /** The session a new invoice is for: the current one if the student is enrolled in it, else their latest; null if never enrolled. */
  academicSessionId: v.nullable(v.string()),
  studentStatus: v.picklist(['active', 'left', 'graduated']),
  data: v.array(InvoiceSummarySchema),
  totalDueMinor: minor,
})
export type StudentInvoices = v.InferOutput<typeof StudentInvoicesSchema>
