import { sql } from 'drizzle-orm'
import {
  check,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns.ts'
import { institutes } from './institutes.ts'

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
    /** The user the code is for; none when it is for a guardian (see `holder`). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who a code for someone without an account is for: `student:<institute>:<student>`. */
    holder: text('holder'),
    purpose: text('purpose', { enum: ['password_reset', 'guardian_access'] }).notNull(),
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
  (t) => [
    index('otp_user_idx').on(t.userId, t.createdAt),
    index('otp_holder_idx').on(t.holder, t.createdAt),
    check('otp_challenges_for', sql`(${t.userId} is null) <> (${t.holder} is null)`),
  ],
)
