import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { money } from './columns.ts'
import { instituteId } from './institute-column.ts'

/**
 * What each student owes now, per session, campus, issue day and due day: how many of their
 * invoice lines are owed (invoice_lines_owed_idx's lines) and Σ their balances. Kept by triggers
 * on invoice_lines, statement by statement (migration 0041); nothing else writes it. The due
 * report reads a year's 10,000 students from ~30,000 of these rows instead of 160,000 lines
 * (due-days.ts); a line's own filters (its head) still read the lines.
 */
export const feeDues = pgTable(
  'fee_dues',
  {
    instituteId: instituteId(),
    studentId: uuid('student_id').notNull(),
    academicSessionId: uuid('academic_session_id').notNull(),
    campusId: uuid('campus_id').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lines: integer('lines').notNull(),
    principalMinor: money('principal_minor').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'fee_dues_pk',
      columns: [
        t.instituteId,
        t.studentId,
        t.academicSessionId,
        t.campusId,
        t.issueDate,
        t.dueDate,
      ],
    }),
  ],
)
