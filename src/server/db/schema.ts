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
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

export const institutes = pgTable('institutes', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('BDT'),
  timezone: text('timezone').notNull().default('Asia/Dhaka'),
  locale: text('locale').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    username: text('username').notNull(),
    email: text('email'),
    phone: text('phone'),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Operates the platform: may act inside any institute (X-Institute-Id), nobody else can. */
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    /**
     * Raised by triggers (migration 0008) in the same transaction as any change to the user,
     * their roles, those roles' rules or their institute: a server keeps what it derived from
     * them (userData, the ability) for as long as this number stays the same.
     */
    authVersion: integer('auth_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_institute_idx').on(t.instituteId),
  ],
)

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })

/** Process-wide values kept in the database, such as the token signing key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    name: text('name').notNull(),
    /** Where a user with this role lands after sign-in. */
    homeRoute: text('home_route').notNull().default('/'),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_institute_name_unique').on(t.instituteId, t.name)],
)

export const roleRules = pgTable(
  'role_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    conditions: jsonb('conditions'),
  },
  (t) => [index('role_rules_role_idx').on(t.roleId)],
)

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
)

/**
 * One row per refresh token. Rows of one sign-in share a family; a refresh token is used once,
 * and presenting a used one again revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_family_idx').on(t.familyId), index('sessions_user_idx').on(t.userId)],
)

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /**
     * SHA-256 of the random handle in the requesting browser's HttpOnly cookie: only that browser
     * may try codes against this challenge, so nobody else can burn or replace it.
     */
    requesterHash: text('requester_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    verifiedAt: at('verified_at'),
    /** Given to whoever entered the right code; only they may then set the new password. */
    resetTokenHash: text('reset_token_hash'),
    consumedAt: at('consumed_at'),
  },
  (t) => [index('otp_user_idx').on(t.userId, t.createdAt)],
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

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instituteId: uuid('institute_id').references(() => institutes.id),
    userId: uuid('user_id').references(() => users.id),
    /** The admin acting as `userId`, when the change was made during an impersonation. */
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    /** The product area (DESIGN §3) the change belongs to, for filtering. */
    area: text('area').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_institute_created_idx').on(t.instituteId, t.createdAt),
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_institute_user_idx').on(t.instituteId, t.userId, t.createdAt),
  ],
)

/**
 * The chart of accounts (§3): level 1 are the five account types, then main head, sub head,
 * child head and sub-child head. Only leaves take postings.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => accounts.id),
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
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    purpose: text('purpose').notNull(),
    key: text('key').notNull().default(''),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [uniqueIndex('coa_mappings_unique').on(t.instituteId, t.purpose, t.key)],
)

export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    reversesId: uuid('reverses_id').references((): AnyPgColumn => vouchers.id),
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_number_unique').on(t.instituteId, t.type, t.fiscalYear, t.number),
    uniqueIndex('vouchers_reverses_unique').on(t.reversesId),
    uniqueIndex('vouchers_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    index('vouchers_institute_date_idx').on(t.instituteId, t.date),
  ],
)

/** One debit or one credit, in minor units. Balanced per voucher: checked by the database. */
export const voucherLines = pgTable(
  'voucher_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    lineNo: integer('line_no').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    memo: text('memo').notNull().default(''),
  },
  (t) => [
    index('voucher_lines_voucher_idx').on(t.voucherId),
    index('voucher_lines_account_idx').on(t.accountId),
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

/** An admission form (§2 admission): one session and class, a window, a fee, what it asks. */
export const admissionForms = pgTable(
  'admission_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    title: text('title').notNull(),
    academicSession: text('academic_session').notNull(),
    className: text('class_name').notNull(),
    groupName: text('group_name').notNull().default(''),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** Application fee in minor units. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    requiredFields: jsonb('required_fields').$type<string[]>().notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    attachments: jsonb('attachments').$type<unknown[]>().notNull(),
    instructions: text('instructions').notNull().default(''),
    published: boolean('published').notNull().default(false),
    /** Closed early by staff, whatever its dates say. */
    closed: boolean('closed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('admission_forms_institute_idx').on(t.instituteId),
    check('admission_forms_window', sql`${t.closesOn} >= ${t.opensOn}`),
    check('admission_forms_fee', sql`${t.fee} >= 0`),
  ],
)

/** A submitted application. Its temporaryId is the applicant's unguessable key to it. */
export const applicants = pgTable(
  'applicants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => admissionForms.id),
    temporaryId: text('temporary_id').notNull().unique(),
    status: text('status', {
      enum: [
        'submitted',
        'fee_due',
        'fee_paid',
        'under_review',
        'accepted',
        'rejected',
        'enrolled',
      ],
    }).notNull(),
    applicantName: text('applicant_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The standard fields as submitted. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    /** The fee due at submission, in minor units (the form's fee may change later). */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the submitted payload: a retry must carry the same. */
    payloadHash: text('payload_hash').notNull(),
    decisionNote: text('decision_note').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    studentId: uuid('student_id'),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applicants_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    index('applicants_form_idx').on(t.formId, t.status),
    index('applicants_institute_idx').on(t.instituteId, t.submittedAt),
  ],
)

/** One file per attachment kind of an application; a new upload of the kind replaces it. */
export const applicantAttachments = pgTable(
  'applicant_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** Decided from the file's first bytes, not from its name or the browser's word. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are in the file storage (never a path an applicant chose). */
    storageKey: text('storage_key').notNull(),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('applicant_attachments_kind_unique').on(t.applicantId, t.kind)],
)

/** A student of the institute; enrolling an accepted applicant creates one. */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    /** The student ID printed on cards and invoices, unique in the institute. */
    studentCode: text('student_code').notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').notNull().default(''),
    fatherName: text('father_name').notNull().default(''),
    motherName: text('mother_name').notNull().default(''),
    guardianName: text('guardian_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    academicSession: text('academic_session').notNull(),
    className: text('class_name').notNull(),
    groupName: text('group_name').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    applicantId: uuid('applicant_id')
      .unique()
      .references(() => applicants.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('students_institute_code_unique').on(t.instituteId, t.studentCode)],
)

/** The last student number given per institute and admission year. */
export const studentCounters = pgTable(
  'student_counters',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.year] })],
)
