/** How an institute's invoices print. */
import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'
import { users } from './auth.ts'
import { institutes } from './institutes.ts'

export const invoicePapers = ['a4', 'a5', 'thermal80'] as const

/** How an institute's invoices print: one row per institute (defaults until saved). */
export const invoicePrintSettings = pgTable('invoice_print_settings', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id),
  footerText: text('footer_text').notNull().default(''),
  /** Which header fields show (student ID, class, roll, guardian …), in order. */
  shownFields: jsonb('shown_fields').$type<string[]>().notNull(),
  /** Which line columns show (period, gross, concession, VAT, net …), in order. */
  shownColumns: jsonb('shown_columns').$type<string[]>().notNull(),
  paper: text('paper', { enum: invoicePapers }).notNull().default('a4'),
  /** The copies on each sheet, in order: any of student, office, bank. */
  copies: jsonb('copies').$type<string[]>().notNull(),
  signatureLabels: jsonb('signature_labels').$type<string[]>().notNull(),
  /** en, de, fr or pt; null = the institute's language. */
  language: text('language'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
})
