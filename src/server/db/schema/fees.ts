import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { academicSessions, classes, groups } from './academic.ts'
import { accounts, vouchers } from './accounting.ts'
import { users } from './auth.ts'
import { campuses, institutes } from './institutes.ts'
import { jobs } from './jobs.ts'
import { students } from './students.ts'
import { cycleFrequencies, feeHeadKinds } from '../../../shared/schemas/fee-setup.ts'
import {
  invoiceStatuses,
  type InvoiceLineExplanation,
} from '../../../shared/schemas/fees-invoices.ts'
import {
  concessionCategories,
  concessionStatuses,
  type FineSlab,
} from '../../../shared/schemas/fee-rules.ts'

/*
 * Fees (issue 17): what each student owes, when and why. Every table carries institute_id, and
 * a reference from one fee table to another carries it too (a composite key onto the parent's
 * (institute_id, id)), so a row can never point at another institute's head, period or invoice.
 * Money is bigint minor units; days are `date` strings (YYYY-MM-DD) as everywhere else.
 */

export const fineRuleKinds = ['fixed_once', 'per_day', 'per_week', 'percent', 'slabs'] as const
export const concessionKinds = ['percent', 'fixed'] as const
// The lists the API also validates against are the API's (one list for both).
export { feeHeadKinds, cycleFrequencies, concessionCategories, concessionStatuses, invoiceStatuses }
export const groupRunStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
export const invoicePapers = ['a4', 'a5', 'thermal80'] as const

/**
 * A fee head (tuition, admission, exam, transport …). Its income account is also kept as the
 * COA mapping row (purpose `fee_income`, key = the head's id), written in the same transaction;
 * this column is what posting reads. Priority orders how a partial payment is allocated
 * (lowest first). A head carries VAT exactly when it has a VAT rate (vat_rates): the VAT
 * screen is the one place that says so.
 */
export const feeHeads = pgTable(
  'fee_heads',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    name: text('name').notNull(),
    /** Short upper-case code (TUI, ADM), unique in the institute. */
    code: text('code').notNull(),
    kind: text('kind', { enum: feeHeadKinds }).notNull(),
    incomeAccountId: uuid('income_account_id').notNull(),
    priority: integer('priority').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('fee_heads_income_account_fk', t, t.incomeAccountId, accounts),
    uniqueIndex('fee_heads_code_unique').on(t.instituteId, t.code),
    uniqueIndex('fee_heads_name_unique').on(t.instituteId, sql`lower(${t.name})`),
    check('fee_heads_priority', sql`${t.priority} >= 0`),
  ],
)

/** A payment cycle of a session (monthly, quarterly …): the periods recurring heads are billed for. */
export const paymentCycles = pgTable(
  'payment_cycles',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    academicSessionId: uuid('academic_session_id').notNull(),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: cycleFrequencies }).notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('payment_cycles_session_fk', t, t.academicSessionId, academicSessions),
    uniqueIndex('payment_cycles_name_unique').on(
      t.instituteId,
      t.academicSessionId,
      sql`lower(${t.name})`,
    ),
  ],
)

/** One period of a cycle ("July 2026"), with the day its invoices are issued and due. */
export const paymentPeriods = pgTable(
  'payment_periods',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    cycleId: uuid('cycle_id').notNull(),
    name: text('name').notNull(),
    /** 1, 2, 3 … in the cycle: the periods' order. */
    sequence: integer('sequence').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    unique('payment_periods_sequence_unique').on(t.instituteId, t.cycleId, t.sequence),
    tenantReference('payment_periods_cycle_fk', t, t.cycleId, paymentCycles).onDelete('cascade'),
    check('payment_periods_dates', sql`${t.endsOn} >= ${t.startsOn}`),
    check('payment_periods_due', sql`${t.dueDate} >= ${t.issueDate}`),
    check('payment_periods_sequence', sql`${t.sequence} > 0`),
  ],
)

/**
 * The amount of a fee head for a session and class, optionally narrowed to a group and/or a
 * campus (null = any), per cycle for recurring heads (null for the others). The most specific
 * row wins when invoicing. History of changes: the audit log (one row per save, the changed
 * cells before and after).
 */
export const feeConfigs = pgTable(
  'fee_configs',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    academicSessionId: uuid('academic_session_id').notNull(),
    classId: uuid('class_id').notNull(),
    groupId: uuid('group_id'),
    campusId: uuid('campus_id'),
    feeHeadId: uuid('fee_head_id').notNull(),
    cycleId: uuid('cycle_id'),
    amountMinor: money('amount_minor').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('fee_configs_session_fk', t, t.academicSessionId, academicSessions),
    tenantReference('fee_configs_class_fk', t, t.classId, classes),
    tenantReference('fee_configs_group_fk', t, t.groupId, groups),
    unique('fee_configs_scope_unique')
      .on(
        t.instituteId,
        t.academicSessionId,
        t.classId,
        t.groupId,
        t.campusId,
        t.feeHeadId,
        t.cycleId,
      )
      .nullsNotDistinct(),
    index('fee_configs_head_idx').on(t.feeHeadId),
    tenantReference('fee_configs_campus_fk', t, t.campusId, campuses),
    tenantReference('fee_configs_head_fk', t, t.feeHeadId, feeHeads),
    tenantReference('fee_configs_cycle_fk', t, t.cycleId, paymentCycles),
    check('fee_configs_amount', sql`${t.amountMinor} >= 0`),
  ],
)

/**
 * A student's own amount of a head for a session (a transport fee only some pay), or the head
 * left out for them altogether (`excluded`, amount null).
 */
export const studentFeeOverrides = pgTable(
  'student_fee_overrides',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    studentId: uuid('student_id').notNull(),
    feeHeadId: uuid('fee_head_id').notNull(),
    academicSessionId: uuid('academic_session_id').notNull(),
    amountMinor: money('amount_minor'),
    excluded: boolean('excluded').notNull().default(false),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('student_fee_overrides_student_fk', t, t.studentId, students),
    tenantReference('student_fee_overrides_session_fk', t, t.academicSessionId, academicSessions),
    unique('student_fee_overrides_unique').on(
      t.instituteId,
      t.studentId,
      t.feeHeadId,
      t.academicSessionId,
    ),
    index('student_fee_overrides_student_idx').on(t.studentId),
    tenantReference('student_fee_overrides_head_fk', t, t.feeHeadId, feeHeads),
    check(
      'student_fee_overrides_amount',
      sql`(${t.excluded} and ${t.amountMinor} is null) or (not ${t.excluded} and ${t.amountMinor} >= 0)`,
    ),
  ],
)

/**
 * A head's VAT from a day on (history kept: an invoice uses the rate in force on its issue
 * date). Rate in basis points (1500 = 15 %); inclusive means the amount already contains it.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    feeHeadId: uuid('fee_head_id').notNull(),
    rateBp: integer('rate_bp').notNull(),
    inclusive: boolean('inclusive').notNull().default(false),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    unique('vat_rates_head_from_unique').on(t.instituteId, t.feeHeadId, t.effectiveFrom),
    tenantReference('vat_rates_head_fk', t, t.feeHeadId, feeHeads),
    check('vat_rates_rate', sql`${t.rateBp} between 0 and 10000`),
  ],
)

/**
 * An automatic late fee, for one head or (head null) every head: after `grace_days` past the
 * due date, one of fixed once, per day, per week (amount_minor), percent of the overdue amount
 * (rate_bp) or slabs; optionally capped per invoice line and per period.
 */
export const fineRules = pgTable(
  'fine_rules',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    feeHeadId: uuid('fee_head_id'),
    name: text('name').notNull().default(''),
    graceDays: integer('grace_days').notNull().default(0),
    kind: text('kind', { enum: fineRuleKinds }).notNull(),
    amountMinor: money('amount_minor'),
    rateBp: integer('rate_bp'),
    slabs: jsonb('slabs').$type<FineSlab[]>(),
    capPerLineMinor: money('cap_per_line_minor'),
    capPerPeriodMinor: money('cap_per_period_minor'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('fine_rules_institute_idx').on(t.instituteId, t.feeHeadId),
    tenantReference('fine_rules_head_fk', t, t.feeHeadId, feeHeads),
    check('fine_rules_grace', sql`${t.graceDays} >= 0`),
    check(
      'fine_rules_dates',
      sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`,
    ),
    check('fine_rules_amount', sql`${t.amountMinor} is null or ${t.amountMinor} >= 0`),
    check('fine_rules_rate', sql`${t.rateBp} is null or ${t.rateBp} between 0 and 10000`),
    check(
      'fine_rules_caps',
      sql`(${t.capPerLineMinor} is null or ${t.capPerLineMinor} >= 0) and (${t.capPerPeriodMinor} is null or ${t.capPerPeriodMinor} >= 0)`,
    ),
  ],
)

/**
 * A concession for a student: one head or (head null) every head, a percentage (rate_bp) or a
 * fixed amount, for a session's periods from–to (null = from the first / to the last).
 * Maker–checker: requested by one user, approved (or rejected) by another.
 */
export const concessions = pgTable(
  'concessions',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    studentId: uuid('student_id').notNull(),
    feeHeadId: uuid('fee_head_id'),
    kind: text('kind', { enum: concessionKinds }).notNull(),
    rateBp: integer('rate_bp'),
    amountMinor: money('amount_minor'),
    academicSessionId: uuid('academic_session_id').notNull(),
    fromPeriodId: uuid('from_period_id'),
    toPeriodId: uuid('to_period_id'),
    category: text('category', { enum: concessionCategories }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The supporting document in the file storage; null when none was given. */
    documentKey: text('document_key'),
    /** The document's name as uploaded and its checked type (PDF or image). */
    documentName: text('document_name'),
    documentType: text('document_type'),
    status: text('status', { enum: concessionStatuses }).notNull().default('requested'),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** Who approved or rejected it (never the requester). */
    approvedBy: uuid('approved_by').references(() => users.id),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note').notNull().default(''),
    revokedBy: uuid('revoked_by').references(() => users.id),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('concessions_student_fk', t, t.studentId, students),
    tenantReference('concessions_session_fk', t, t.academicSessionId, academicSessions),
    index('concessions_student_idx').on(t.instituteId, t.studentId),
    index('concessions_status_idx').on(t.instituteId, t.status),
    tenantReference('concessions_head_fk', t, t.feeHeadId, feeHeads),
    tenantReference('concessions_from_period_fk', t, t.fromPeriodId, paymentPeriods),
    tenantReference('concessions_to_period_fk', t, t.toPeriodId, paymentPeriods),
    check(
      'concessions_amount',
      sql`(${t.kind} = 'percent' and ${t.rateBp} between 1 and 10000 and ${t.amountMinor} is null)
        or (${t.kind} = 'fixed' and ${t.amountMinor} > 0 and ${t.rateBp} is null)`,
    ),
    check(
      'concessions_no_self_approval',
      sql`${t.approvedBy} is null or ${t.requestedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`,
    ),
  ],
)

/** A group invoice run: its scope as chosen, the job doing it, and what it made. */
export const groupInvoiceRuns = pgTable(
  'group_invoice_runs',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    scope: jsonb('scope').$type<unknown>().notNull(),
    /** A fingerprint of the scope: a second run of the same scope while one is going is refused. */
    scopeKey: text('scope_key').notNull(),
    jobId: uuid('job_id'),
    status: text('status', { enum: groupRunStatuses }).notNull().default('queued'),
    invoiceCount: integer('invoice_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    totalMinor: money('total_minor').notNull().default(0),
    /** Totals per class and head, and the skipped students with why, as the run reports them. */
    summary: jsonb('summary').$type<unknown>(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('group_invoice_runs_job_fk', t, t.jobId, jobs),
    index('group_invoice_runs_institute_idx').on(t.instituteId, t.createdAt),
    index('group_invoice_runs_scope_idx').on(t.instituteId, t.scopeKey),
  ],
)

/**
 * An invoice (or, with credit_of, a credit note reversing one). Numbered per institute and
 * fiscal year without gaps (invoice_counters, as vouchers are); never edited once posted.
 * `voucher_id` is its own posting; a group run may post one journal per run and head instead,
 * then the voucher is on the run's lines and this is null.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').notNull().defaultRandom(),
    /** Its institute is the campus's (invoices_campus_fk): no check of its own per row. */
    instituteId: uuid('institute_id').notNull(),
    /** As printed: `INV-2026-000123`. */
    number: text('number').notNull(),
    /** The calendar year the fiscal year starts in. */
    fiscalYear: integer('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    studentId: uuid('student_id').notNull(),
    academicSessionId: uuid('academic_session_id').notNull(),
    periodId: uuid('period_id'),
    campusId: uuid('campus_id').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('unpaid'),
    voucherId: uuid('voucher_id'),
    groupInvoiceRunId: uuid('group_invoice_run_id'),
    creditOf: uuid('credit_of'),
    /** On a concession credit note: the concession it applies to the invoice it credits. */
    concessionId: uuid('concession_id'),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    payloadHash: text('payload_hash'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('invoices_student_fk', t, t.studentId, students),
    tenantReference('invoices_session_fk', t, t.academicSessionId, academicSessions),
    tenantReference('invoices_voucher_fk', t, t.voucherId, vouchers),
    tenantReference('invoices_credit_of_fk', t, t.creditOf, t),
    uniqueIndex('invoices_number_unique').on(t.instituteId, t.number),
    uniqueIndex('invoices_sequence_unique').on(t.instituteId, t.fiscalYear, t.sequence),
    uniqueIndex('invoices_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    // The lines' reference, which also holds them to their invoice's student.
    unique('invoices_institute_id_student_unique').on(t.instituteId, t.id, t.studentId),
    index('invoices_student_idx').on(t.instituteId, t.studentId),
    index('invoices_period_idx').on(t.instituteId, t.academicSessionId, t.periodId),
    index('invoices_run_idx').on(t.groupInvoiceRunId),
    index('invoices_credit_of_idx').on(t.creditOf),
    // A concession credits an invoice once, however often its approval is retried.
    uniqueIndex('invoices_concession_credit_unique')
      .on(t.instituteId, t.creditOf, t.concessionId)
      .where(sql`${t.concessionId} is not null`),
    tenantReference('invoices_concession_fk', t, t.concessionId, concessions),
    tenantReference('invoices_period_fk', t, t.periodId, paymentPeriods),
    tenantReference('invoices_campus_fk', t, t.campusId, campuses),
    tenantReference('invoices_run_fk', t, t.groupInvoiceRunId, groupInvoiceRuns),
    check('invoices_due', sql`${t.dueDate} >= ${t.issueDate}`),
    check('invoices_sequence', sql`${t.sequence} > 0`),
  ],
)

/** The last invoice sequence given per institute and fiscal year: numbers without gaps. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    instituteId: instituteId(),
    fiscalYear: integer('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.fiscalYear] })],
)

/**
 * One head (and period) of an invoice: gross, the concession taken off, VAT (with the rate and
 * mode in force on the issue date, kept as they were), net, the fine charged on it and what
 * has been paid. A student × period × head is invoiced at most once: a partial unique index
 * over the lines that are neither cancelled nor credit-note lines (credits_line_id) — the
 * group run's idempotency, on PGlite and PostgreSQL alike (ON CONFLICT … WHERE …). Lines
 * without a period (one-time, per-event, on-demand heads) are not limited by it.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').notNull().defaultRandom(),
    /** Its institute and student are its invoice's (invoice_lines_invoice_fk). */
    instituteId: uuid('institute_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** The invoice's student, kept on the line for the uniqueness above. */
    studentId: uuid('student_id').notNull(),
    feeHeadId: uuid('fee_head_id').notNull(),
    periodId: uuid('period_id'),
    description: text('description').notNull().default(''),
    grossMinor: money('gross_minor').notNull(),
    concessionMinor: money('concession_minor').notNull().default(0),
    vatMinor: money('vat_minor').notNull().default(0),
    netMinor: money('net_minor').notNull(),
    fineMinor: money('fine_minor').notNull().default(0),
    paidMinor: money('paid_minor').notNull().default(0),
    concessionId: uuid('concession_id'),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatInclusive: boolean('vat_inclusive').notNull().default(false),
    /** Set when its invoice is cancelled (by a credit note): the slot can be invoiced again. */
    cancelled: boolean('cancelled').notNull().default(false),
    /** On a credit note's line: the line it reverses. */
    creditsLineId: uuid('credits_line_id'),
    /** How each figure was found (invoice-line.ts), as the invoice page explains it. */
    explanation: jsonb('explanation').$type<InvoiceLineExplanation>(),
    /** A group run's posting (one journal per run and head), when the invoice has none. */
    voucherId: uuid('voucher_id'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('invoice_lines_credits_line_fk', t, t.creditsLineId, t),
    tenantReference('invoice_lines_voucher_fk', t, t.voucherId, vouchers),
    unique('invoice_lines_line_no_unique').on(t.instituteId, t.invoiceId, t.lineNo),
    uniqueIndex('invoice_lines_once_unique')
      .on(t.instituteId, t.studentId, t.periodId, t.feeHeadId)
      .where(sql`not ${t.cancelled} and ${t.creditsLineId} is null`),
    index('invoice_lines_head_idx').on(t.instituteId, t.feeHeadId),
    index('invoice_lines_period_idx').on(t.periodId),
    index('invoice_lines_student_idx').on(t.instituteId, t.studentId),
    // A line's balance adds the credit notes' lines that credit it (line-balance.ts): looked up by
    // this index, not by reading the institute's lines for every line asked about.
    index('invoice_lines_credits_idx')
      .on(t.instituteId, t.creditsLineId)
      .where(sql`${t.creditsLineId} is not null`),
    // One check a line for its institute, invoice and student: a group run writes 50,000 lines.
    // Its head and period are checked once a statement instead (migration 0022,
    // invoice_lines_check_refs): a row's check costs ~30 µs on PGlite, 3 s of a 10,000-student run.
    foreignKey({
      name: 'invoice_lines_invoice_fk',
      columns: [t.instituteId, t.invoiceId, t.studentId],
      foreignColumns: [invoices.instituteId, invoices.id, invoices.studentId],
    }),
    tenantReference('invoice_lines_concession_fk', t, t.concessionId, concessions),
    check('invoice_lines_vat_rate', sql`${t.vatRateBp} between 0 and 10000`),
    check('invoice_lines_paid', sql`${t.paidMinor} >= 0 and ${t.fineMinor} >= 0`),
  ],
)

/**
 * A waiver of (part of) the fine of an invoice line, with its reason: from its day on, the
 * line's fine is what the fine rules ask less the waivers (fine-waiver.ts), never below zero.
 */
export const fineWaivers = pgTable(
  'fine_waivers',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    invoiceLineId: uuid('invoice_line_id').notNull(),
    /** The institute's day it was granted: fines as of that day on exclude it. */
    waivedOn: date('waived_on', { mode: 'string' }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key'),
    payloadHash: text('payload_hash'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('fine_waivers_invoice_line_fk', t, t.invoiceLineId, invoiceLines),
    index('fine_waivers_line_idx').on(t.instituteId, t.invoiceLineId),
    uniqueIndex('fine_waivers_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    check('fine_waivers_amount', sql`${t.amountMinor} > 0`),
  ],
)

/** How an institute's invoices print: one row per institute (defaults until saved). */
export const invoicePrintSettings = pgTable('invoice_print_settings', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id),
  footerText: text('footer_text').notNull().default(''),
  /** Which header fields show (student ID, class, roll, guardian …), in order. */
  shownFields: jsonb('shown_fields').$type<string[]>().notNull(),
  /** Which line columns show (period, gross, concession, VAT, net …), in order. */
  shownColumns: jsonb('shown_columns').$type<string[]>().notNull(),
  paper: text('paper', { enum: invoicePapers }).notNull().default('a4'),
  /** The copies on each sheet, in order: any of student, office, bank. */
  copies: jsonb('copies').$type<string[]>().notNull(),
  signatureLabels: jsonb('signature_labels').$type<string[]>().notNull(),
  /** en, de, fr or pt; null = the institute's language. */
  language: text('language'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
})
