import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { PrintInstituteSchema, printLanguages } from './invoice-print.ts'
import { receiptCopyChoices } from './counter-settings.ts'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'

/*
 * The counter (/payment-collection): finding a family, its open lines with the fine as of today,
 * taking one payment for several children and the receipt it gives.
 */

/** `/api/collection/search?q=`: a student ID, name, guardian phone, roll or invoice number. */
export const CounterSearchQuerySchema = v.object({
  q: v.pipe(v.string(), v.trim(), v.nonEmpty('search_required'), v.maxLength(100, 'too_long')),
})
export type CounterSearchQuery = v.InferOutput<typeof CounterSearchQuerySchema>

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

export const tenderMethods = ['cash', 'bank', 'cheque', 'card', 'mobile'] as const
export type TenderMethod = (typeof tenderMethods)[number]

/**
 * One way the money came: cash (with what was handed over, for the change), a bank deposit
 * (into a bank account of the COA mapping, with the slip), a cheque (number, bank, date: paid
 * into a bank account), a card, or a mobile financial service (provider and transaction id).
 */
export const TenderSchema = v.pipe(
  v.object({
    method: v.picklist(tenderMethods, 'unknown_tender_method'),
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

export const receiptStatuses = ['posted', 'cancelled'] as const

export const ReceiptLineSchema = v.object({
  studentId: v.string(),
  invoiceNumber: v.string(),
  feeHeadName: v.string(),
  periodName: v.nullable(v.string()),
  principalMinor: minor,
  fineMinor: minor,
})

export const ReceiptTenderSchema = v.object({
  method: v.picklist(tenderMethods),
  amountMinor: minor,
  tenderedMinor: v.nullable(minor),
  changeMinor: minor,
  bankAccount: v.string(),
  reference: v.string(),
  issuer: v.string(),
  chequeDate: v.nullable(v.string()),
  /** The provider's reference of the reversal, once the receipt is cancelled ('' if none). */
  reversalReference: v.string(),
})

/** A receipt: what was paid, for whom, how, and what the family still owes after it. */
export const ReceiptSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.picklist(receiptStatuses),
  receivedOn: v.string(),
  receivedAt: v.string(),
  campusName: v.string(),
  /** The receipt's campus's own address (empty: the institute's). */
  campusAddress: v.string(),
  /** Who paid: the family's guardian (else the student looked up). */
  payerName: v.nullable(v.string()),
  cashierName: v.nullable(v.string()),
  students: v.array(
    v.object({
      studentId: v.string(),
      studentCode: v.string(),
      fullName: v.string(),
      className: v.nullable(v.string()),
      roll: v.nullable(v.number()),
      /** What this receipt paid of the child's lines (fines included). */
      paidMinor: minor,
    }),
  ),
  lines: v.array(ReceiptLineSchema),
  /** An applicant's application fee (then no students and no lines). */
  applicant: v.optional(
    v.nullable(
      v.object({
        applicantName: v.string(),
        shortReference: v.string(),
        formTitle: v.string(),
      }),
    ),
    null,
  ),
  tenders: v.array(ReceiptTenderSchema),
  advanceUsedMinor: minor,
  toAdvanceMinor: minor,
  /** The money received (the tenders). */
  receivedMinor: minor,
  /** What the receipt's students still owe, fines as of its day left out. */
  balanceDueMinor: minor,
  voucherReference: v.string(),
  /** The code that verifies it on the public page. */
  verifyCode: v.string(),
  /** The public page's address (under the server's PUBLIC_URL), which its QR code holds. */
  verifyUrl: v.string(),
  cancelledAt: v.nullable(v.string()),
  cancelReason: v.string(),
  /** The paper of the invoice print settings: receipts print in the same style. */
  paper: v.picklist(['a4', 'a5', 'thermal80']),
  /** The institute's choice: the guardian's copy alone, or the office's copy on the same run. */
  copies: v.picklist(receiptCopyChoices),
  /** The print settings' language (else the institute's): the receipt prints in it. */
  language: v.picklist(printLanguages),
  institute: PrintInstituteSchema,
})
export type Receipt = v.InferOutput<typeof ReceiptSchema>

/**
 * A receipt's verification code as printed on it: ten characters without look-alikes (no 0, 1,
 * I, L or O). Typed in lower case it is the same code.
 */
export const VerifyCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-HJKMNP-Z2-9]{10}$/, 'invalid_value'),
)

/**
 * `GET /api/collection/public/receipts/:code`, open to anyone holding the code: the
 * receipt's institute, number, day, amount (its total as printed: the money received and any
 * advance used) and whether it stands or was cancelled. Nothing about who paid or for what.
 */
export const ReceiptVerificationSchema = v.object({
  instituteName: v.string(),
  number: v.string(),
  receivedOn: v.string(),
  amountMinor: minor,
  currency: v.string(),
  currencyDigits: v.number(),
  status: v.picklist(receiptStatuses),
})
export type ReceiptVerification = v.InferOutput<typeof ReceiptVerificationSchema>

/** A print of a receipt, logged: the first is the original, every later one a duplicate. */
export const ReceiptPrintSchema = v.object({
  copy: v.number(),
  printedAt: v.string(),
})
export type ReceiptPrint = v.InferOutput<typeof ReceiptPrintSchema>

/**
 * A closing's cash difference: none (counted = expected), posted, or pending (over the
 * institute's amount, until another user approves it).
 */
export const differenceStatuses = ['none', 'posted', 'pending'] as const
export type DifferenceStatus = (typeof differenceStatuses)[number]

/** `/api/collection/days?day=&cashierId=`: a cashier's day (today and oneself by default). */
export const CashierDayQuerySchema = v.object({
  day: v.optional(isoDate),
  cashierId: v.optional(id),
})
export type CashierDayQuery = v.InferOutput<typeof CashierDayQuerySchema>

/**
 * What a cashier took in a day: by method, every receipt (cancelled ones marked), the cash the
 * drawer should hold, and the closing (counted cash, difference, bank deposit) once closed.
 *
 * A receipt counts on the day it was taken, by the cashier who took it. Cancelled, whenever
 * that was, it is taken off that day: listed as cancelled (with the day it was cancelled), no
 * longer among what was taken nor in the cash the drawer should hold. A closed day's closing
 * keeps what it recorded (the cash expected then, the count, the difference and its posting),
 * so a receipt cancelled after the closing makes the two expectations differ by it. The
 * receipts a user cancelled that day, taken on another day or by another cashier, are listed
 * on their day too, for the record: they count against their own day, not this one.
 */
export const CashierDaySchema = v.object({
  day: v.string(),
  /** The institute's today: only today's closing may be reopened. */
  today: v.string(),
  cashierId: v.string(),
  cashierName: v.string(),
  /** The caller's own day: only they close it. */
  own: v.boolean(),
  byMethod: v.array(
    v.object({ method: v.picklist(tenderMethods), receipts: v.number(), amountMinor: minor }),
  ),
  receipts: v.array(
    v.object({
      id: v.string(),
      number: v.string(),
      receivedAt: v.string(),
      students: v.string(),
      amountMinor: minor,
      status: v.picklist(receiptStatuses),
      /** The day it was cancelled, when it was. */
      cancelledOn: v.nullable(v.string()),
      /** Cancelled after the day's closing had counted its cash. */
      cancelledAfterClosing: v.boolean(),
    }),
  ),
  /** Receipts this user cancelled that day, taken on another day or by another cashier. */
  cancelledHere: v.array(
    v.object({
      id: v.string(),
      number: v.string(),
      receivedOn: v.string(),
      cashierName: v.nullable(v.string()),
      amountMinor: minor,
      reason: v.string(),
    }),
  ),
  /** The cash of every receipt taken that day, cancelled ones too. */
  cashTakenMinor: minor,
  /** The day's receipts cancelled since (their count, amount and cash): off the drawer. */
  cancelled: v.object({ receipts: v.number(), amountMinor: minor, cashMinor: minor }),
  /** Overpayments the day's receipts kept as advance, and advances refunded in cash. */
  advancesTakenMinor: minor,
  advancesRefundedCashMinor: minor,
  /** Cash taken − cancelled cash − advances refunded in cash. */
  expectedCashMinor: minor,
  /** A difference over this needs a reason and waits for a second user's approval. */
  differenceApprovalAboveMinor: minor,
  closing: v.nullable(
    v.object({
      id: v.string(),
      /** The cash the receipts said when the day was closed. */
      expectedCashMinor: minor,
      countedCashMinor: minor,
      /** Counted − expected then: posted against Cash over and short when not 0. */
      differenceMinor: minor,
      /** pending: over the institute's amount, posted once another user approves it. */
      differenceStatus: v.picklist(differenceStatuses),
      differenceReason: v.string(),
      differenceApprovedBy: v.nullable(v.string()),
      differenceApprovedAt: v.nullable(v.string()),
      differenceVoucherReference: v.nullable(v.string()),
      depositedMinor: minor,
      bankAccount: v.string(),
      voucherReference: v.nullable(v.string()),
      note: v.string(),
      closedAt: v.string(),
      closedBy: v.nullable(v.string()),
    }),
  ),
  /** For supervisors: the cashiers who took money that day, to look at each one's day. */
  cashiers: v.array(v.object({ id: v.string(), name: v.string() })),
  /** For who may approve them: closings (any day, any cashier) whose difference waits. */
  pendingDifferences: v.array(
    v.object({
      closingId: v.string(),
      cashierId: v.string(),
      cashierName: v.string(),
      day: v.string(),
      differenceMinor: minor,
    }),
  ),
  bankAccounts: v.array(v.string()),
})
export type CashierDay = v.InferOutput<typeof CashierDaySchema>

/** The most cash a drawer can be counted to hold (100 million in major units). */
export const maxCountedCashMinor = 10_000_000_000

/**
 * Closing today: the cash counted, and what of it goes to the bank (a contra voucher); a
 * difference over the institute's amount needs its reason (checked by the server, which knows
 * the amount).
 */
export const CloseDaySchema = v.pipe(
  v.object({
    countedCashMinor: v.pipe(
      MinorUnitsSchema,
      v.maxValue(maxCountedCashMinor, 'counted_cash_too_large'),
    ),
    depositedMinor: v.optional(MinorUnitsSchema, 0),
    bankAccount: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long')), ''),
    note: optionalText(500),
    differenceReason: optionalText(500),
  }),
  v.forward(
    v.check((d) => d.depositedMinor <= d.countedCashMinor, 'deposit_over_counted'),
    ['depositedMinor'],
  ),
  v.forward(
    v.check((d) => d.depositedMinor === 0 || d.bankAccount !== '', 'bank_required'),
    ['bankAccount'],
  ),
)
export type CloseDay = v.InferInput<typeof CloseDaySchema>

/** Reopening a closed day (permission day-reopen): whose, which, and why. */
export const ReopenDaySchema = v.object({
  cashierId: id,
  day: isoDate,
  reason: text(500, 'reopen_reason_required'),
})
export type ReopenDay = v.InferInput<typeof ReopenDaySchema>
