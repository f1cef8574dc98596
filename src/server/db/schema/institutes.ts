import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantPrimaryKey } from './columns.ts'

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
    /** The initials or short form used where space is tight (the top bar, receipts). */
    shortName: text('short_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /**
     * The currency's minor-unit digits (JPY 0, BDT 2, KWD 3), computed with Intl when the
     * currency is set and stored with it: money is kept in minor units, so the digits are part of
     * what an amount means and never follow a later change of Intl's data.
     */
    currencyDigits: integer('currency_digits').notNull().default(2),
    /** The logo as stored (re-encoded) in FileStorage; null when the institute has none. */
    logoKey: text('logo_key'),
    logoType: text('logo_type'),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
  },
  (t) => [
    uniqueIndex('institutes_idempotency_key_unique').on(t.idempotencyKey),
    check('institutes_currency_digits', sql`${t.currencyDigits} between 0 and 4`),
  ],
)

/**
 * Slugs an institute had before: old public links (/admission/<old>) redirect to the current
 * slug. An old slug stays the institute's, across the platform, so no other institute takes it
 * and sends its applicants to the wrong school.
 */
export const instituteSlugs = pgTable(
  'institute_slugs',
  {
    slug: text('slug').primaryKey(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('institute_slugs_institute_idx').on(t.instituteId)],
)

/** An institute's campuses (branches, sites); every institute has at least one. */
export const campuses = pgTable(
  'campuses',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    address: text('address').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The order campuses are listed and offered in. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('campuses_institute_code_unique').on(t.instituteId, t.code),
  ],
)
