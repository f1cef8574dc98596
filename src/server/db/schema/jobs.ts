import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { at, createdAt, tenantPrimaryKey } from './columns.ts'
import { institutes } from './institutes.ts'

const jobStatusValues = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelling',
  'cancelled',
] as const

/**
 * Background jobs (long tasks: imports, promotions, group invoicing, SMS campaigns). A runner
 * claims a due row with FOR UPDATE SKIP LOCKED and holds it by a lease (`locked_until`) it
 * renews with every batch; a row whose lease ran out belongs to a runner that died, and is
 * claimed again from its checkpoint.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    kind: text('kind').notNull(),
    /** Chosen by whoever enqueues: the same key for the same kind is the same job. */
    key: text('key').notNull(),
    status: text('status', { enum: jobStatusValues }).notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    params: jsonb('params').notNull(),
    /** Where the work stands after the last committed batch: what a resumed run starts from. */
    checkpoint: jsonb('checkpoint'),
    result: jsonb('result'),
    errorCode: text('error_code'),
    errorValues: jsonb('error_values').$type<Record<string, string | number>>(),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not before this time: a retry waits out its backoff. */
    runAt: at('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('jobs_key_unique').on(t.instituteId, t.kind, t.key),
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_institute_idx').on(t.instituteId, t.createdAt),
    check('jobs_attempts', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    check('jobs_progress', sql`${t.progressDone} >= 0`),
  ],
)

/**
 * A report export's rows, as one statement read them (one snapshot), numbered in the report's
 * order: the `report-export` job reads them back a batch at a time in short transactions and
 * deletes them when it ends (lib/report-export/).
 */
export const reportExportRows = pgTable(
  'report_export_rows',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    jobId: uuid('job_id').notNull(),
    n: integer('n').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.jobId, t.n] })],
)
