import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns.ts'
import { institutes } from './institutes.ts'

/** Process-wide values kept in the database, such as the token signing key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * The counts throttles and rate limits judge by (failures per account, requests per address…),
 * each in a window: shared by every API process on the database, so two processes give an
 * attacker no more tries than one. Times are the API's clock in ms since the epoch.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    lastAt: bigint('last_at', { mode: 'number' }).notNull(),
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('throttle_counters_ends_idx').on(t.endsAt)],
)

/** Messages to send (OTP codes, usernames); written in the request's transaction, sent after. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id').references(() => institutes.id),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
)
