import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns.ts'
import { institutes } from './institutes.ts'

/** Process-wide values kept in the database, such as the token signing key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

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
