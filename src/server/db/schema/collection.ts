import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { differenceStatuses } from '../../../shared/schemas/collection-days.ts'
import { tenderMethods } from '../../../shared/schemas/collection-search.ts'
import { receiptStatuses } from '../../../shared/schemas/collection-receipts.ts'
import {
  advanceMovementKinds,
  advanceOverrideKinds,
  defaultAdvanceSettings,
  overrideStatuses,
  refundMethods,
} from '../../../shared/schemas/advances.ts'
import { receiptCopyChoices } from '../../../shared/schemas/counter-settings.ts'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { vouchers } from './accounting.ts'
import { applicants } from './admission.ts'
import { users } from './auth.ts'
import { invoiceLines } from './fee-invoices.ts'
import { campuses, institutes } from './institutes.ts'
import { students } from './students.ts'

/*
 * Collection: payments taken at the counter (each a receipt), where their money went (invoice
 * lines' principal and fines, a student's advance) and how it came (tenders); students'
 * advances as movements. The receipt voucher is posted through postVoucher().
 */

/** The last receipt number given per campus and fiscal year: receipts without gaps. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    instituteId: instituteId(),
    campusId: uuid('campus_id').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.campusId, t.fiscalYear] }),
    tenantReference('receipt_counters_campus_fk', t, t.campusId, campuses),
  ],
)

/**
 * A payment and its receipt: `RCT-<campus>-<fiscal year>-<sequence>`. Never edited: a cancelled
 * one keeps its number, with the reversing voucher, who, when and why.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    campusId: uuid('campus_id').notNull(),
    number: text('number').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The student the cashier looked up: the receipt's first name (none for an applicant). */
    studentId: uuid('student_id'),
    /** The applicant whose application fee it takes; then no student and no lines. */
    applicantId: uuid('applicant_id'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The money received (Σ tenders); advances used and over-payment are in the lines. */
    amountMinor: money('amount_minor').notNull(),
    /** What the receipt's students still owed right after it (fines left out), as printed. */
    balanceAfterMinor: money('balance_after_minor').notNull().default(0),
    status: text('status', { enum: receiptStatuses }).notNull().default('posted'),
    voucherId: uuid('voucher_id').notNull(),
    /** Short and unguessable: the public page verifies the receipt by it. */
    verifyCode: text('verify_code').notNull(),
    collectedBy: uuid('collected_by').references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    createdAt: createdAt(),
    cancelledAt: at('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelVoucherId: uuid('cancel_voucher_id'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('payments_campus_fk', t, t.campusId, campuses),
    tenantReference('payments_student_fk', t, t.studentId, students),
    tenantReference('payments_applicant_fk', t, t.applicantId, applicants),
    check('payments_payer', sql`num_nonnulls(${t.studentId}, ${t.applicantId}) = 1`),
    index('payments_applicant_idx').on(t.instituteId, t.applicantId),
    tenantReference('payments_voucher_fk', t, t.voucherId, vouchers),
    tenantReference('payments_cancel_voucher_fk', t, t.cancelVoucherId, vouchers),
    uniqueIndex('payments_sequence_unique').on(t.instituteId, t.campusId, t.fiscalYear, t.sequence),
    uniqueIndex('payments_number_unique').on(t.instituteId, t.number),
    uniqueIndex('payments_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    // Looked up without an institute by the public page: the code alone names the receipt.
    uniqueIndex('payments_verify_code_unique').on(t.verifyCode, t.instituteId),
    index('payments_day_idx').on(t.instituteId, t.receivedOn, t.collectedBy),
    index('payments_student_idx').on(t.instituteId, t.studentId),
    // The few cancelled receipts: a report as of a past day adds back those cancelled since.
    index('payments_cancelled_idx')
      .on(t.instituteId, t.cancelVoucherId)
      .where(sql`${t.cancelVoucherId} is not null`),
    check('payments_amount', sql`${t.amountMinor} >= 0`),
  ],
)

/** How the money came: one row per method (a receipt may split cash and a card, say). */
export const paymentTenders = pgTable(
  'payment_tenders',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    paymentId: uuid('payment_id').notNull(),
    lineNo: integer('line_no').notNull(),
    method: text('method', { enum: tenderMethods }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** Cash handed over: the change is tendered − amount. */
    tenderedMinor: money('tendered_minor'),
    bankAccount: text('bank_account').notNull().default(''),
    reference: text('reference').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    chequeDate: date('cheque_date', { mode: 'string' }),
    /** A cancelled card or mobile-money tender: the provider's reference of its reversal. */
    reversalReference: text('reversal_reference').notNull().default(''),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('payment_tenders_payment_fk', t, t.paymentId, payments),
    uniqueIndex('payment_tenders_line_unique').on(t.instituteId, t.paymentId, t.lineNo),
    check('payment_tenders_amount', sql`${t.amountMinor} > 0`),
  ],
)

/** Where a payment's money went on an invoice line: its principal and the fine charged. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    paymentId: uuid('payment_id').notNull(),
    invoiceLineId: uuid('invoice_line_id').notNull(),
    studentId: uuid('student_id').notNull(),
    principalMinor: money('principal_minor').notNull(),
    fineMinor: money('fine_minor').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('payment_allocations_payment_fk', t, t.paymentId, payments),
    tenantReference('payment_allocations_line_fk', t, t.invoiceLineId, invoiceLines),
    tenantReference('payment_allocations_student_fk', t, t.studentId, students),
    uniqueIndex('payment_allocations_line_unique').on(t.instituteId, t.paymentId, t.invoiceLineId),
    index('payment_allocations_line_idx').on(t.instituteId, t.invoiceLineId),
    check(
      'payment_allocations_amounts',
      sql`${t.principalMinor} >= 0 and ${t.fineMinor} >= 0 and ${t.principalMinor} + ${t.fineMinor} > 0`,
    ),
  ],
)

/** Every print of a receipt: the first is the original, the others duplicates. */
export const receiptPrints = pgTable(
  'receipt_prints',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    paymentId: uuid('payment_id').notNull(),
    printedBy: uuid('printed_by').references(() => users.id),
    printedAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('receipt_prints_payment_fk', t, t.paymentId, payments),
    index('receipt_prints_payment_idx').on(t.instituteId, t.paymentId),
  ],
)

/**
 * A student's advance, movement by movement (+ in, − out): its balance is their sum, and Σ
 * over every student is the Student advances account's balance.
 */
export const advanceMovements = pgTable(
  'advance_movements',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    studentId: uuid('student_id').notNull(),
    kind: text('kind', { enum: advanceMovementKinds }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    paymentId: uuid('payment_id'),
    voucherId: uuid('voucher_id'),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('advance_movements_student_fk', t, t.studentId, students),
    tenantReference('advance_movements_payment_fk', t, t.paymentId, payments),
    tenantReference('advance_movements_voucher_fk', t, t.voucherId, vouchers),
    index('advance_movements_student_idx').on(t.instituteId, t.studentId),
    check('advance_movements_amount', sql`${t.amountMinor} <> 0`),
  ],
)

/**
 * A cashier's day closed: the cash counted in the drawer against what the receipts say it should
 * hold (the difference kept), and the cash taken to the bank, if any, by a contra voucher.
 */
export const cashierDayClosings = pgTable(
  'cashier_day_closings',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    expectedCashMinor: money('expected_cash_minor').notNull(),
    countedCashMinor: money('counted_cash_minor').notNull(),
    depositedMinor: money('deposited_minor').notNull().default(0),
    bankAccount: text('bank_account').notNull().default(''),
    voucherId: uuid('voucher_id'),
    note: text('note').notNull().default(''),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: createdAt(),
    /** none: counted = expected; pending: over the policy's amount, awaiting approval. */
    differenceStatus: text('difference_status', { enum: differenceStatuses })
      .notNull()
      .default('none'),
    differenceReason: text('difference_reason').notNull().default(''),
    differenceApprovedBy: uuid('difference_approved_by').references(() => users.id),
    differenceApprovedAt: at('difference_approved_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('cashier_day_closings_voucher_fk', t, t.voucherId, vouchers),
    uniqueIndex('cashier_day_closings_unique').on(t.instituteId, t.cashierId, t.day),
    check(
      'cashier_day_closings_amounts',
      sql`${t.countedCashMinor} >= 0 and ${t.depositedMinor} >= 0 and ${t.depositedMinor} <= ${t.countedCashMinor}`,
    ),
    check(
      'cashier_day_closings_no_self_approval',
      sql`${t.differenceApprovedBy} is null or ${t.differenceApprovedBy} <> ${t.cashierId}`,
    ),
  ],
)

/**
 * The institute's advance policy, and the cash difference a day's closing may post without a
 * second user: one row per institute (defaults until saved).
 */
export const advanceSettings = pgTable('advance_settings', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id),
  autoApply: boolean('auto_apply').notNull().default(false),
  approvalAboveMinor: money('approval_above_minor').notNull(),
  /** A cashier's day closing with a difference over this waits for a second user's approval. */
  dayDifferenceApprovalAboveMinor: money('day_difference_approval_above_minor')
    .notNull()
    .default(defaultAdvanceSettings.dayDifferenceApprovalAboveMinor),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** The counter's settings (shared/schemas/counter-settings.ts), the defaults until saved. */
export const counterSettings = pgTable('counter_settings', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id),
  mobileProviders: jsonb('mobile_providers').$type<string[]>().notNull().default([]),
  receiptCopies: text('receipt_copies', { enum: receiptCopyChoices }).notNull().default('guardian'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/**
 * An override of a student's advance: apply it to lines, undo an application, transfer it to a
 * sibling, refund it. Done at once up to the policy's amount; above it, pending until another
 * user approves (never the requester: a check constraint behind the 403) or rejects it.
 */
export const advanceOverrides = pgTable(
  'advance_overrides',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    kind: text('kind', { enum: advanceOverrideKinds }).notNull(),
    status: text('status', { enum: overrideStatuses }).notNull(),
    studentId: uuid('student_id').notNull(),
    amountMinor: money('amount_minor').notNull(),
    toStudentId: uuid('to_student_id'),
    lineIds: jsonb('line_ids').$type<string[]>().notNull().default([]),
    /** apply: the adjustment receipt it made; undo: the one it cancels. */
    paymentId: uuid('payment_id'),
    method: text('method', { enum: refundMethods }),
    bankAccount: text('bank_account').notNull().default(''),
    reason: text('reason').notNull(),
    voucherId: uuid('voucher_id'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('advance_overrides_student_fk', t, t.studentId, students),
    tenantReference('advance_overrides_to_student_fk', t, t.toStudentId, students),
    tenantReference('advance_overrides_payment_fk', t, t.paymentId, payments),
    tenantReference('advance_overrides_voucher_fk', t, t.voucherId, vouchers),
    uniqueIndex('advance_overrides_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    index('advance_overrides_student_idx').on(t.instituteId, t.studentId),
    index('advance_overrides_pending_idx').on(t.instituteId, t.status),
    check('advance_overrides_amount', sql`${t.amountMinor} > 0`),
    check(
      'advance_overrides_no_self_approval',
      sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`,
    ),
  ],
)
