import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const institutes = pgTable(
  'institutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('BDT'),
    timezone: text('timezone').notNull().default('Asia/Dhaka'),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A suspended institute's users cannot sign in and its admissions are closed. */
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** The Idempotency-Key a platform admin created it with, so a double click creates one. */
    idempotencyKey: text('idempotency_key'),
    payloadHash: text('payload_hash'),
  },
  (t) => [uniqueIndex('institutes_idempotency_key_unique').on(t.idempotencyKey)],
)
