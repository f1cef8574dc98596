import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'

/**
 * The institute's academic structure: the lists admission forms, sections and (later) students
 * choose from. Each list is ordered by `position`; an item in use is deactivated, not deleted.
 */
const listColumns = () => ({
  id: uuid('id').notNull().defaultRandom(),
  instituteId: instituteId(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** An academic year ("2026" or "2026–2027"); sessions of an institute never overlap. */
export const academicSessions = pgTable(
  'academic_sessions',
  {
    ...listColumns(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('academic_sessions_name_unique').on(t.instituteId, sql`lower(${t.name})`),
    // At most one current session per institute.
    uniqueIndex('academic_sessions_current_unique')
      .on(t.instituteId)
      .where(sql`${t.isCurrent}`),
    check('academic_sessions_dates', sql`${t.endsOn} > ${t.startsOn}`),
  ],
)

/** A class (Play, Nursery, One … Twelve). */
export const classes = pgTable('classes', listColumns(), (t) => [
  tenantPrimaryKey(t),
  uniqueIndex('classes_name_unique').on(t.instituteId, sql`lower(${t.name})`),
])

/** A group (Science, Business, Humanities), offered to every class or only to some. */
export const groups = pgTable('groups', listColumns(), (t) => [
  tenantPrimaryKey(t),
  uniqueIndex('groups_name_unique').on(t.instituteId, sql`lower(${t.name})`),
])

/** The classes a group is limited to; a group without rows here is open to every class. */
export const groupClasses = pgTable(
  'group_classes',
  {
    instituteId: instituteId(),
    groupId: uuid('group_id').notNull(),
    classId: uuid('class_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.groupId, t.classId] }),
    tenantReference('group_classes_group_fk', t, t.groupId, groups).onDelete('cascade'),
    tenantReference('group_classes_class_fk', t, t.classId, classes),
    index('group_classes_class_idx').on(t.classId),
  ],
)

/** A section (A, B …) of a class in a session. */
export const sections = pgTable(
  'sections',
  {
    ...listColumns(),
    academicSessionId: uuid('academic_session_id').notNull(),
    classId: uuid('class_id').notNull(),
    /** How many students it takes; null when not limited. */
    capacity: integer('capacity'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('sections_session_fk', t, t.academicSessionId, academicSessions),
    tenantReference('sections_class_fk', t, t.classId, classes),
    uniqueIndex('sections_name_unique').on(
      t.instituteId,
      t.academicSessionId,
      t.classId,
      sql`lower(${t.name})`,
    ),
    index('sections_class_idx').on(t.classId),
    check('sections_capacity', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
)

/** A shift (Morning, Day), for institutes that teach in more than one. */
export const shifts = pgTable('shifts', listColumns(), (t) => [
  tenantPrimaryKey(t),
  uniqueIndex('shifts_name_unique').on(t.instituteId, sql`lower(${t.name})`),
])
