import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  chargeBearers,
  gatewayIds,
  intentStatuses,
  merchantModes,
  paymentServices,
} from '../../../shared/schemas/payments.ts'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { vouchers } from './accounting.ts'
import { applicants } from './admission.ts'
import { users } from './auth.ts'
import { payments } from './collection.ts'
import { campuses } from './institutes.ts'
import { students } from './students.ts'

/*
 * Online payments: merchant accounts at the gateways (their secret encrypted at rest), the
 * services an institute offers online and which merchant collects each per campus, and the
 * payment intents — one per attempt to pay, posted through collection once verified.
 */

export const paymentMerchants = pgTable(
  'payment_merchants',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    provider: text('provider', { enum: gatewayIds }).notNull(),
    name: text('name').notNull(),
    mode: text('mode', { enum: merchantModes }).notNull(),
    /** The gateway's public id of the account (SSLCommerz's store_id). */
    storeId: text('store_id').notNull(),
    /** `v1:<key id>:<iv>:<tag>:<ciphertext>` (lib/secret-box.ts); never answered. */
    secret: text('secret').notNull(),
    settlementBankAccount: text('settlement_bank_account').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('payment_merchants_store_unique').on(t.instituteId, t.provider, t.storeId),
  ],
)

export const paymentInstituteServices = pgTable(
  'payment_institute_services',
  {
    instituteId: instituteId(),
    service: text('service', { enum: paymentServices }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    bearer: text('bearer', { enum: chargeBearers }).notNull().default('institute'),
    surchargeFixedMinor: money('surcharge_fixed_minor').notNull().default(0),
    surchargeBasisPoints: money('surcharge_basis_points').notNull().default(0),
    franchiseFixedMinor: money('franchise_fixed_minor').notNull().default(0),
    franchiseBasisPoints: money('franchise_basis_points').notNull().default(0),
    /** Dues: the student invoice page shows nothing until a code sent to the guardian's phone is entered. */
    guardianCode: boolean('guardian_code').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.service] })],
)

export const paymentCampusMerchants = pgTable(
  'payment_campus_merchants',
  {
    instituteId: instituteId(),
    campusId: uuid('campus_id').notNull(),
    service: text('service', { enum: paymentServices }).notNull(),
    merchantId: uuid('merchant_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.campusId, t.service] }),
    tenantReference('payment_campus_merchants_campus_fk', t, t.campusId, campuses),
    tenantReference('payment_campus_merchants_merchant_fk', t, t.merchantId, paymentMerchants),
  ],
)

/** An invoice line a guardian pays online: its principal and the fine as of the day chosen. */
export interface IntentLine {
  lineId: string
  principalMinor: number
  fineMinor: number
}

/** One gateway message, as kept: what came and what was done, secrets left out. */
export interface IntentEvent {
  at: string
  source: 'start' | 'notification' | 'return' | 'reconciliation' | 'refund'
  status: string
  detail?: string
}

/**
 * One attempt to pay online. The amount is the server's; the gateway's transaction id is
 * unique per provider, and every change of status happens under the row's lock, so however
 * the notification, the payer's return and reconciliation race, one payment is posted.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    /** What the gateway and the return pages carry: `OP` and 16 letters and digits. */
    reference: text('reference').notNull(),
    campusId: uuid('campus_id').notNull(),
    service: text('service', { enum: paymentServices }).notNull(),
    applicantId: uuid('applicant_id'),
    /** Dues: the student paid for, and the lines the amount pays (fixed when the intent was made). */
    studentId: uuid('student_id'),
    lines: jsonb('lines').$type<IntentLine[]>().notNull().default([]),
    /** The institute's day the lines' fines were read as of: what the payment pays of them. */
    finesAsOf: date('fines_as_of', { mode: 'string' }),
    amountMinor: money('amount_minor').notNull(),
    surchargeMinor: money('surcharge_minor').notNull().default(0),
    /** The platform's share, as the institute service set it when the intent was made. */
    franchiseMinor: money('franchise_minor').notNull().default(0),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: gatewayIds }).notNull(),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status', { enum: intentStatuses }).notNull().default('created'),
    /** Why a payment the gateway took was held rather than posted (an error code). */
    heldReason: text('held_reason').notNull().default(''),
    providerTransactionId: text('provider_transaction_id'),
    /** The gateway's page for this attempt, answered again to a retried start. */
    redirectUrl: text('redirect_url').notNull().default(''),
    paymentId: uuid('payment_id'),
    events: jsonb('events').$type<IntentEvent[]>().notNull().default([]),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When the gateway was last asked about it (the payer's return page asks, at most so often). */
    checkedAt: at('checked_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    // The reference alone finds the intent (a gateway's notification names no institute).
    uniqueIndex('payment_intents_reference_unique').on(t.instituteId, t.reference),
    index('payment_intents_reference_idx').on(t.reference),
    uniqueIndex('payment_intents_transaction_unique').on(
      t.instituteId,
      t.provider,
      t.providerTransactionId,
    ),
    uniqueIndex('payment_intents_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    uniqueIndex('payment_intents_payment_unique').on(t.instituteId, t.paymentId),
    index('payment_intents_open_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('created', 'pending')`),
    tenantReference('payment_intents_campus_fk', t, t.campusId, campuses),
    tenantReference('payment_intents_applicant_fk', t, t.applicantId, applicants),
    tenantReference('payment_intents_student_fk', t, t.studentId, students),
    tenantReference('payment_intents_merchant_fk', t, t.merchantId, paymentMerchants),
    tenantReference('payment_intents_payment_fk', t, t.paymentId, payments),
    check('payment_intents_amount', sql`${t.amountMinor} > 0 and ${t.surchargeMinor} >= 0`),
    // An applicant's fee or a student's dues: one payer, never both or neither.
    check('payment_intents_payer', sql`(${t.applicantId} is null) <> (${t.studentId} is null)`),
  ],
)

/**
 * The sandbox gateway's own books: its sessions and their outcome, as a real gateway keeps
 * them on its side. Only the built-in sandbox writes or reads them.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: uuid('id').notNull().defaultRandom(),
    /** The merchant account (the sandbox's accounts are the app's merchants) and its institute. */
    instituteId: instituteId(),
    merchantId: uuid('merchant_id').notNull(),
    storeId: text('store_id').notNull(),
    reference: text('reference').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** created → paid | failed | cancelled. */
    status: text('status').notNull().default('created'),
    transactionId: text('transaction_id'),
    notifyUrl: text('notify_url').notNull(),
    successUrl: text('success_url').notNull(),
    failUrl: text('fail_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('sandbox_sessions_id_idx').on(t.id),
    tenantReference('sandbox_sessions_merchant_fk', t, t.merchantId, paymentMerchants),
  ],
)

/**
 * A payout from a gateway to the merchant's bank: the gross the gateway settled, the charge it
 * kept, and the voucher that moved it (Dr the bank the net, Dr gateway charges the charge, Cr
 * gateway clearing the gross). A bank statement's reference is recorded once per merchant.
 */
export const paymentSettlements = pgTable(
  'payment_settlements',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    merchantId: uuid('merchant_id').notNull(),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    grossMinor: money('gross_minor').notNull(),
    chargeMinor: money('charge_minor').notNull().default(0),
    reference: text('reference').notNull(),
    voucherId: uuid('voucher_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('payment_settlements_reference_unique').on(
      t.instituteId,
      t.merchantId,
      t.reference,
    ),
    tenantReference('payment_settlements_merchant_fk', t, t.merchantId, paymentMerchants),
    tenantReference('payment_settlements_voucher_fk', t, t.voucherId, vouchers),
    check(
      'payment_settlements_amounts',
      sql`${t.grossMinor} > 0 and ${t.chargeMinor} >= 0 and ${t.chargeMinor} <= ${t.grossMinor}`,
    ),
  ],
)
