import { timestamp } from 'drizzle-orm/pg-core'

/** Columns many tables share. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const at = (name: string) => timestamp(name, { withTimezone: true })
