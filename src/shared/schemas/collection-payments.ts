/**
 * The counter (/payment-collection): finding a family, its open lines with the fine as of today,
 * taking one payment for several children, and cancelling it.
 */
import * as v from 'valibot'
import { counterTenderMethods, type TenderMethod } from './collection-search.ts'
import { isoDate } from './dates.ts'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'

/** `/api/collection/search?q=`: a student ID, name, guardian phone, roll or invoice number. */
export const CounterSearchQuerySchema = v.object({
  q: v.pipe(v.string(), v.trim(), v.nonEmpty('search_required'), v.maxLength(100, 'too_long')),
})

/** A student as the counter names them: ID, name, and class, section and roll of late. */
const counterStudent = {
  studentId: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  className: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
  roll: v.nullable(v.number()),
}

export const CounterMatchSchema = v.object({
  ...counterStudent,
  guardianPhone: v.string(),
  status: v.string(),
})
export type CounterMatch = v.InferOutput<typeof CounterMatchSchema>
export const CounterMatchListSchema = v.object({ data: v.array(CounterMatchSchema) })
export type CounterMatchList = v.InferOutput<typeof CounterMatchListSchema>

/** An invoice line still open: what is left of it and its fine as of today. */
export const OpenLineSchema = v.object({
  lineId: v.string(),
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  studentId: v.string(),
  feeHeadName: v.string(),
  /** The head's priority: lower is paid first within a period. */
  priority: v.number(),
  periodName: v.nullable(v.string()),
  dueDate: v.string(),
  /** What the line asks, with its concession credit notes. */
  netMinor: minor,
  paidMinor: minor,
  /** Net − paid: the principal still due. */
  dueMinor: minor,
  /** The fine as of today not yet paid, after waivers. */
  fineMinor: minor,
})
export type OpenLine = v.InferOutput<typeof OpenLineSchema>

export const FamilyMemberSchema = v.object({
  ...counterStudent,
  /** The student's advance (money received ahead of invoices), available to pay with. */
  advanceMinor: minor,
  lines: v.array(OpenLineSchema),
})
export type FamilyMember = v.InferOutput<typeof FamilyMemberSchema>

/** The student asked for first, then the siblings who share the guardian phone. */
export const FamilySchema = v.object({
  asOf: v.string(),
  guardianName: v.string(),
  guardianPhone: v.string(),
  members: v.array(FamilyMemberSchema),
  /** The bank accounts (COA mapping keys) a deposit or cheque may go into. */
  bankAccounts: v.array(v.string()),
})
export type Family = v.InferOutput<typeof FamilySchema>

/**
 * One way the money came: cash (with what was handed over, for the change), a bank deposit
 * (into a bank account of the COA mapping, with the slip), a cheque (number, bank, date: paid
 * into a bank account), a card, or a mobile financial service (provider and transaction id).
 */
export const TenderSchema = v.pipe(
  v.object({
    method: v.picklist(counterTenderMethods, 'unknown_tender_method'),
    amountMinor: v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive')),
    tenderedMinor: v.optional(MinorUnitsSchema),
    /** The bank account (its COA mapping key) a deposit or cheque goes into. */
    bankAccount: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long')), ''),
    /** Slip number, cheque number, card approval code or transaction id. */
    reference: optionalText(60),
    /** The cheque's bank, or the mobile service's provider. */
    issuer: optionalText(60),
    chequeDate: v.optional(isoDate),
  }),
  v.forward(
    v.check(
      (t) =>
        t.method !== 'cash' || t.tenderedMinor === undefined || t.tenderedMinor >= t.amountMinor,
      'tendered_short',
    ),
    ['tenderedMinor'],
  ),
  v.forward(
    v.check((t) => !['bank', 'cheque'].includes(t.method) || t.bankAccount !== '', 'bank_required'),
    ['bankAccount'],
  ),
  v.forward(
    v.check(
      (t) => !['bank', 'cheque', 'mobile'].includes(t.method) || t.reference !== '',
      'tender_reference_required',
    ),
    ['reference'],
  ),
  v.forward(
    v.check((t) => !['cheque', 'mobile'].includes(t.method) || t.issuer !== '', 'issuer_required'),
    ['issuer'],
  ),
  v.forward(
    v.check((t) => t.method !== 'cheque' || t.chequeDate !== undefined, 'cheque_date_required'),
    ['chequeDate'],
  ),
)
export type Tender = v.InferOutput<typeof TenderSchema>
/** A tender as kept: the counter's, or an online payment's (whose gateway made it). */
export type KeptTender = Omit<Tender, 'method'> & { method: TenderMethod }

export const AllocationSchema = v.object({
  lineId: id,
  principalMinor: MinorUnitsSchema,
  fineMinor: MinorUnitsSchema,
})
export type Allocation = v.InferOutput<typeof AllocationSchema>

/**
 * A payment as the screen prepared it: exactly where each minor unit goes. The money received
 * (the tenders) and the advances used pay the allocations; what is left over goes to a
 * student's advance. The server takes it only if every figure still holds.
 */
export const CreatePaymentSchema = v.pipe(
  v.object({
    studentId: id,
    allocations: v.pipe(v.array(AllocationSchema), v.maxLength(200, 'too_long')),
    advanceUsed: v.optional(
      v.pipe(
        v.array(
          v.object({
            studentId: id,
            amountMinor: v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive')),
          }),
        ),
        v.maxLength(20, 'too_long'),
      ),
      [],
    ),
    toAdvance: v.optional(
      v.nullable(
        v.object({
          studentId: id,
          amountMinor: v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive')),
        }),
      ),
      null,
    ),
    tenders: v.pipe(v.array(TenderSchema), v.maxLength(5, 'too_long')),
  }),
  v.forward(
    v.check((p) => p.allocations.length > 0 || p.toAdvance !== null, 'payment_nothing_to_pay'),
    ['allocations'],
  ),
  v.forward(
    v.check(
      (p) =>
        sum(p.tenders.map((t) => t.amountMinor)) + sum(p.advanceUsed.map((a) => a.amountMinor)) ===
        sum(p.allocations.map((a) => a.principalMinor + a.fineMinor)) +
          (p.toAdvance?.amountMinor ?? 0),
      'payment_unbalanced',
    ),
    ['tenders'],
  ),
)
export type CreatePayment = v.InferInput<typeof CreatePaymentSchema>
export type ValidPayment = v.InferOutput<typeof CreatePaymentSchema>

function sum(values: number[]) {
  return values.reduce((s, x) => s + x, 0)
}

/** The tenders a provider reverses (the rest go back by hand: cash, a cheque, a transfer). */
export const reversibleMethods = ['card', 'mobile'] as const satisfies readonly TenderMethod[]

/**
 * Cancelling a receipt: the reason, and for each card or mobile-money tender reversed with its
 * provider the reversal's reference (`tender` is its place among the receipt's tenders).
 */
export const CancelPaymentSchema = v.object({
  reason: text(500, 'cancel_reason_required'),
  reversals: v.optional(
    v.pipe(
      v.array(
        v.object({
          tender: v.pipe(v.number(), v.integer(), v.minValue(0, 'reversal_tender_unknown')),
          reference: optionalText(60),
        }),
      ),
      v.maxLength(20, 'reversal_tender_unknown'),
    ),
    [],
  ),
})
export type CancelPayment = v.InferInput<typeof CancelPaymentSchema>
