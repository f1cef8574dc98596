/** Invoices, their lines and numbers, the group runs that make them, and waivers of their fines. */
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
import { academicSessions } from './academic.ts'
import { vouchers } from './accounting.ts'
import { users } from './auth.ts'
import { campuses } from './institutes.ts'
import { jobs } from './jobs.ts'
import { students } from './students.ts'
import {
  invoiceStatuses,
  type InvoiceLineExplanation,
} from '../../../shared/schemas/fees-invoices.ts'
import { paymentPeriods } from './fee-setup.ts'
import { concessions } from './fee-rules.ts'

const groupRunStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
// The lists the API also validates against are the API's (one list for both).
export { invoiceStatuses }

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
    // The reports' periods: what was billed (or credited) between two days.
    index('invoices_issue_idx').on(t.instituteId, t.issueDate),
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
    /**
     * The invoice's session, campus, issue and due days, as they are on it (checked when written,
     * and carried over if the invoice's change: migration 0040): what is owed is read from the
     * lines alone.
     */
    academicSessionId: uuid('academic_session_id').notNull(),
    campusId: uuid('campus_id').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    feeHeadId: uuid('fee_head_id').notNull(),
    periodId: uuid('period_id'),
    description: text('description').notNull().default(''),
    grossMinor: money('gross_minor').notNull(),
    concessionMinor: money('concession_minor').notNull().default(0),
    vatMinor: money('vat_minor').notNull().default(0),
    netMinor: money('net_minor').notNull(),
    fineMinor: money('fine_minor').notNull().default(0),
    paidMinor: money('paid_minor').notNull().default(0),
    /** Σ the nets of the credit notes' lines that credit it (negative), kept by a trigger (0038). */
    creditedMinor: money('credited_minor').notNull().default(0),
    /** What is still owed of it now (line-balance.ts): net with its credits, less principal paid. */
    balanceMinor: money('balance_minor').generatedAlwaysAs(
      sql`net_minor + credited_minor - paid_minor`,
    ),
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
    // The lines owed now: the due report starts from them (due-read.ts), not from every line —
    // read from the index alone (what it needs of a line is in it), not from the table's pages.
    index('invoice_lines_owed_idx')
      .on(
        t.instituteId,
        t.studentId,
        t.academicSessionId,
        t.dueDate,
        t.id,
        t.issueDate,
        t.campusId,
        t.invoiceId,
        t.feeHeadId,
        t.periodId,
        t.balanceMinor,
        t.fineMinor,
      )
      .where(sql`${t.creditsLineId} is null and ${t.balanceMinor} <> 0`),
    // A line's balance adds the credit notes' lines that credit it (line-balance.ts): looked up by
    // this index, not by reading the institute's lines for every line asked about.
    index('invoice_lines_credits_idx')
      .on(t.instituteId, t.creditsLineId)
      .where(sql`${t.creditsLineId} is not null`),
    // One check a line for its institute, invoice and student: a group run writes 50,000 lines.
    // Its head and period are checked once a statement instead (migration 0022,
    // invoice_lines_check_refs): a row's check costs ~30 µs on PGlite, 3 s of a 10,000-student run.
    // Its session, campus and days are checked against the invoice's once a statement too, and
    // follow a change of them (migration 0040): this key taken over them made a year's invoicing
    // on PGlite twice as slow (1,000 students: 5.9 s → 13 s).
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
