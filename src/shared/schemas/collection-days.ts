/** A cashier's day at the counter: what it took, its closing count and its reopening. */
import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'
import { tenderMethods } from './collection-search.ts'
import { receiptStatuses } from './collection-receipts.ts'
import { reportFileQuery } from './report-file-query.ts'

/**
 * A closing's cash difference: none (counted = expected), posted, or pending (over the
 * institute's amount, until another user approves it).
 */
export const differenceStatuses = ['none', 'posted', 'pending'] as const

/** `/api/collection/days?day=&cashierId=`: a cashier's day (today and oneself by default). */
export const CashierDayQuerySchema = v.object({
  day: v.optional(isoDate),
  cashierId: v.optional(id),
})
export type CashierDayQuery = v.InferOutput<typeof CashierDayQuerySchema>
export const CashierDayFileQuerySchema = reportFileQuery(CashierDayQuerySchema)

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
  /**
   * What the institute's payers paid online that day (any campus): in the gateway's account,
   * never in a drawer, so beside the cashier's figures and not in them.
   */
  online: v.object({ receipts: v.number(), amountMinor: minor }),
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
const maxCountedCashMinor = 10_000_000_000

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
