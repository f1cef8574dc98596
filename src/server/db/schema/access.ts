import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, tenantReference } from './columns.ts'
import { users } from './auth.ts'
import { campuses, institutes } from './institutes.ts'

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
 * The campuses a user is limited to (README "Campus scope"): a user with no row here sees every
 * campus of their institute; one with rows sees only those campuses' figures in reports. The
 * key to the campus includes the institute, so a user is never limited to another institute's.
 */
export const userCampuses = pgTable(
  'user_campuses',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campusId: uuid('campus_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId, t.campusId] }),
    tenantReference('user_campuses_campus_fk', t, t.campusId, campuses),
    index('user_campuses_campus_idx').on(t.instituteId, t.campusId),
  ],
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
