/** The rules that change what a student owes: fines for paying late, and concessions. */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { academicSessions } from './academic.ts'
import { users } from './auth.ts'
import { students } from './students.ts'
import {
  concessionCategories,
  concessionStatuses,
  type FineSlab,
} from '../../../shared/schemas/fee-rules.ts'
import { feeHeads, paymentPeriods } from './fee-setup.ts'

const fineRuleKinds = ['fixed_once', 'per_day', 'per_week', 'percent', 'slabs'] as const
const concessionKinds = ['percent', 'fixed'] as const
// The lists the API also validates against are the API's (one list for both).
export { concessionCategories, concessionStatuses }

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
