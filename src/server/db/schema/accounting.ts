import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, tenantPrimaryKey, tenantReference } from './columns.ts'
import { users } from './auth.ts'
import { institutes } from './institutes.ts'

/**
 * The chart of accounts (§3): level 1 are the five account types, then main head, sub head,
 * child head and sub-child head. Only leaves take postings.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    parentId: uuid('parent_id'),
    level: integer('level').notNull(),
    accountType: text('account_type', {
      enum: ['asset', 'liability', 'equity', 'income', 'expense'],
    }).notNull(),
    glCode: text('gl_code').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('accounts_parent_fk', t, t.parentId, t),
    uniqueIndex('accounts_institute_gl_unique').on(t.instituteId, t.glCode),
    index('accounts_parent_idx').on(t.parentId),
    check('accounts_level_range', sql`${t.level} between 1 and 5`),
  ],
)

/**
 * Per institute: digits each level adds to the GL code, the fiscal year's first month, and the
 * lock date (books closed through it: nothing is posted dated on or before it; null when open).
 */
export const coaSettings = pgTable('coa_settings', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id),
  levelDigits: jsonb('level_digits').$type<number[]>().notNull(),
  fiscalYearStartMonth: integer('fiscal_year_start_month').notNull(),
  lockDate: date('lock_date', { mode: 'string' }),
})

/** Which leaf account each purpose posts to; bank and fee income are keyed (several rows). */
export const coaMappings = pgTable(
  'coa_mappings',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    purpose: text('purpose').notNull(),
    key: text('key').notNull().default(''),
    accountId: uuid('account_id').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('coa_mappings_account_fk', t, t.accountId, accounts),
    uniqueIndex('coa_mappings_unique').on(t.instituteId, t.purpose, t.key),
  ],
)

export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    type: text('type', { enum: ['receipt', 'payment', 'journal', 'contra'] }).notNull(),
    /** The calendar year the fiscal year starts in. */
    fiscalYear: integer('fiscal_year').notNull(),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    narration: text('narration').notNull(),
    /** manual, or the module that posted it (collection, salary, payments…). */
    source: text('source').notNull().default('manual'),
    reversesId: uuid('reverses_id'),
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('vouchers_reverses_fk', t, t.reversesId, t),
    uniqueIndex('vouchers_number_unique').on(t.instituteId, t.type, t.fiscalYear, t.number),
    uniqueIndex('vouchers_reverses_unique').on(t.instituteId, t.reversesId),
    uniqueIndex('vouchers_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    index('vouchers_institute_date_idx').on(t.instituteId, t.date),
  ],
)

/** One debit or one credit, in minor units. Balanced per voucher: checked by the database. */
export const voucherLines = pgTable(
  'voucher_lines',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    voucherId: uuid('voucher_id').notNull(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    accountId: uuid('account_id').notNull(),
    lineNo: integer('line_no').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    memo: text('memo').notNull().default(''),
    /**
     * Its voucher's date, set from the voucher as the line is written (voucher_line_guard,
     * migration 0042; both are immutable): an account's balance on a day is read from an index
     * over the lines alone (voucher_lines_account_day_idx), not joined to 100,000 vouchers.
     */
    date: date('date', { mode: 'string' }),
  },
  (t) => [
    // Institute second: an index led by it alone would tempt the planner, short of statistics
    // (PGlite has no autovacuum), to scan an institute's lines once per voucher in a ledger.
    primaryKey({ columns: [t.id, t.instituteId] }),
    tenantReference('voucher_lines_voucher_fk', t, t.voucherId, vouchers),
    tenantReference('voucher_lines_account_fk', t, t.accountId, accounts),
    index('voucher_lines_voucher_idx').on(t.voucherId),
    index('voucher_lines_account_idx').on(t.accountId),
    index('voucher_lines_account_day_idx').on(
      t.instituteId,
      t.accountId,
      t.date,
      t.debit,
      t.credit,
    ),
    check('voucher_lines_dated', sql`${t.date} is not null`),
    check(
      'voucher_lines_one_side',
      sql`(${t.debit} > 0 and ${t.credit} = 0) or (${t.credit} > 0 and ${t.debit} = 0)`,
    ),
  ],
)

/** The last number given per institute, voucher type and fiscal year: numbers without gaps. */
export const voucherCounters = pgTable(
  'voucher_counters',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    type: text('type').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.type, t.fiscalYear] })],
)
