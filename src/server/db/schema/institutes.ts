import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const institutes = pgTable('institutes', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('BDT'),
  timezone: text('timezone').notNull().default('Asia/Dhaka'),
  locale: text('locale').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
