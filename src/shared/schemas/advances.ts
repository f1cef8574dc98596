import * as v from 'valibot'
import { FamilySchema } from './collection-payments.ts'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'

/*
 * Students' advances (/advance-override): each one's balance and movements, the institute's
 * policy, and the overrides an authorised user makes — apply an advance to chosen lines, undo
 * such an application, transfer to a sibling, refund — each with a reason, and a second user's
 * approval above the policy's amount.
 */
const amount = v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive'))
const reason = text(500, 'override_reason_required')

/** Whether new invoices use an advance at once, and from what amount an override waits. */
export const AdvanceSettingsSchema = v.object({
  /** On: an invoice created for a student with an advance is paid from it at once. */
  autoApply: v.boolean(),
  /** An override of more than this waits for a second user's approval. */
  approvalAboveMinor: MinorUnitsSchema,
  /**
   * A cashier's day closed with a cash difference (over or short) of more than this needs a
   * reason, and the difference is posted only once another user approves it.
   */
  dayDifferenceApprovalAboveMinor: v.optional(MinorUnitsSchema, 100_000),
})
export type AdvanceSettings = v.InferOutput<typeof AdvanceSettingsSchema>
export const defaultAdvanceSettings: AdvanceSettings = {
  autoApply: false,
  approvalAboveMinor: 500_000,
  dayDifferenceApprovalAboveMinor: 100_000,
}

export const advanceOverrideKinds = ['apply', 'undo', 'transfer', 'refund'] as const
export type AdvanceOverrideKind = (typeof advanceOverrideKinds)[number]
export const refundMethods = ['cash', 'bank'] as const

/** An override as asked: one shape per kind, each with its reason. */
export const AdvanceOverrideRequestSchema = v.variant(
  'kind',
  [
    /** Pay the chosen lines (of the family) from the student's advance, in the counter's order. */
    v.object({
      kind: v.literal('apply'),
      studentId: id,
      amountMinor: amount,
      lineIds: v.pipe(
        v.array(id),
        v.minLength(1, 'override_lines_required'),
        v.maxLength(200, 'too_long'),
        v.check((ids) => new Set(ids).size === ids.length, 'payment_line_twice'),
      ),
      reason,
    }),
    /** Undo an application made from an advance (an adjustment receipt, cancelled). */
    v.object({ kind: v.literal('undo'), studentId: id, paymentId: id, reason }),
    v.object({
      kind: v.literal('transfer'),
      studentId: id,
      toStudentId: id,
      amountMinor: amount,
      reason,
    }),
    v.pipe(
      v.object({
        kind: v.literal('refund'),
        studentId: id,
        amountMinor: amount,
        method: v.picklist(refundMethods, 'unknown_tender_method'),
        bankAccount: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long')), ''),
        reason,
      }),
      v.forward(
        v.check((r) => r.method !== 'bank' || r.bankAccount !== '', 'bank_required'),
        ['bankAccount'],
      ),
    ),
  ],
  'unknown_override_kind',
)
export type AdvanceOverrideRequest = v.InferInput<typeof AdvanceOverrideRequestSchema>
export type ValidAdvanceOverride = v.InferOutput<typeof AdvanceOverrideRequestSchema>

export const DecisionNoteSchema = v.object({ note: optionalText(500) })
export type DecisionNote = v.InferInput<typeof DecisionNoteSchema>

export const overrideStatuses = ['pending', 'done', 'rejected'] as const

export const AdvanceOverrideSchema = v.object({
  id: v.string(),
  kind: v.picklist(advanceOverrideKinds),
  status: v.picklist(overrideStatuses),
  studentId: v.string(),
  studentName: v.string(),
  toStudentName: v.nullable(v.string()),
  amountMinor: minor,
  method: v.nullable(v.string()),
  bankAccount: v.string(),
  /** The adjustment receipt an application made, or the one an undo cancelled. */
  receiptNumber: v.nullable(v.string()),
  reason: v.string(),
  requestedBy: v.string(),
  requestedById: v.string(),
  requestedAt: v.string(),
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  decisionNote: v.string(),
})
export type AdvanceOverride = v.InferOutput<typeof AdvanceOverrideSchema>
export const AdvanceOverrideListSchema = v.object({ data: v.array(AdvanceOverrideSchema) })

export const advanceMovementKinds = [
  'overpayment',
  'used',
  'cancelled',
  'refund',
  'transfer',
] as const

/** One movement of a student's advance: + in, − out. */
export const AdvanceMovementSchema = v.object({
  id: v.string(),
  studentId: v.string(),
  kind: v.picklist(advanceMovementKinds),
  amountMinor: minor,
  reason: v.string(),
  receiptNumber: v.nullable(v.string()),
  /** A use of the advance alone (no money taken) that an override may undo. */
  undoPaymentId: v.nullable(v.string()),
  createdAt: v.string(),
  createdBy: v.nullable(v.string()),
})
export type AdvanceMovement = v.InferOutput<typeof AdvanceMovementSchema>

/** A family's advances: the members with their lines and balances, movements and overrides. */
export const AdvanceFamilySchema = v.object({
  family: FamilySchema,
  movements: v.array(AdvanceMovementSchema),
  overrides: v.array(AdvanceOverrideSchema),
})
export type AdvanceFamily = v.InferOutput<typeof AdvanceFamilySchema>

/** A student holding an advance (or matching the search). */
export const AdvanceHolderSchema = v.object({
  studentId: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  className: v.nullable(v.string()),
  advanceMinor: minor,
})
export const AdvanceHolderListSchema = v.object({
  data: v.array(AdvanceHolderSchema),
  /** Σ of every student's advance: the Student advances account's balance. */
  totalMinor: minor,
})
export type AdvanceHolderList = v.InferOutput<typeof AdvanceHolderListSchema>

export const AdvanceHolderQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'too_long')), ''),
})
