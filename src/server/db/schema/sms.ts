import { sql } from 'drizzle-orm'
import { boolean, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { smsTemplatePurposes } from '../../../shared/schemas/sms.ts'
import { at, createdAt, tenantPrimaryKey } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { users } from './auth.ts'

/*
 * SMS: the institute's templates (one text per language, `{{variable}}` placeholders filled
 * per recipient: src/shared/sms/template.ts), its settings and the numbers that opted out.
 */

export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    name: text('name').notNull(),
    purpose: text('purpose', { enum: smsTemplatePurposes }).notNull(),
    /** The text in each language it is written in, by locale. */
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    onePerFamily: boolean('one_per_family').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('sms_templates_name_unique').on(t.instituteId, sql`lower(${t.name})`),
  ],
)

/** The institute's SMS settings: a row once they are changed, the defaults until then. */
export const smsSettings = pgTable('sms_settings', {
  instituteId: instituteId().primaryKey(),
  /** Where numbers written without a country code are (ISO 3166-1 alpha-2). */
  country: text('country').notNull().default('BD'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** Numbers never messaged (campaigns and reminders), in E.164, with why and since when. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    number: text('number').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('sms_opt_outs_number_unique').on(t.instituteId, t.number),
  ],
)
