/*
 * Fees: what each student owes, when and why. Every table carries institute_id, and a reference
 * from one fee table to another carries it too (a composite key onto the parent's
 * (institute_id, id)), so a row can never point at another institute's head, period or invoice.
 * Money is bigint minor units; days are `date` strings (YYYY-MM-DD) as everywhere else.
 *
 * This file: the fee set-up (heads, payment cycles and their periods, who pays what, VAT).
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { academicSessions, classes, groups } from './academic.ts'
import { accounts } from './accounting.ts'
import { users } from './auth.ts'
import { campuses } from './institutes.ts'
import { students } from './students.ts'
import { cycleFrequencies } from '../../../shared/schemas/fee-setup.ts'
import { feeHeadKinds } from '../../../shared/schemas/fee-heads.ts'

// The lists the API also validates against are the API's (one list for both).
export { feeHeadKinds, cycleFrequencies }

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
