import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, tenantPrimaryKey, tenantReference } from './columns.ts'
import { instituteId } from './institute-column.ts'
import { academicSessions, classes, groups, sections, shifts } from './academic.ts'
import { applicants } from './admission.ts'
import { users } from './auth.ts'
import { jobs } from './jobs.ts'
import { campuses } from './institutes.ts'

/**
 * A student of the institute: who they are, who to call, and where they stand. Where they study
 * each session is an enrolment. Enrolling an accepted applicant, the staff's form and an import
 * create one.
 */
export const students = pgTable(
  'students',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    /** The student ID printed on cards and invoices (`YYYY####` after a prefix), unique in the institute. */
    studentCode: text('student_code').notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').notNull().default(''),
    religion: text('religion').notNull().default(''),
    bloodGroup: text('blood_group').notNull().default(''),
    fatherName: text('father_name').notNull().default(''),
    motherName: text('mother_name').notNull().default(''),
    guardianName: text('guardian_name').notNull().default(''),
    guardianRelation: text('guardian_relation').notNull().default(''),
    guardianPhone: text('guardian_phone').notNull().default(''),
    guardianEmail: text('guardian_email').notNull().default(''),
    /**
     * The guardian phone's last ten digits: students sharing it are a family (siblings), however
     * the number was written (+880 1711…, 01711…, spaces).
     */
    familyKey: text('family_key').generatedAlwaysAs(
      sql`right(regexp_replace(guardian_phone, '[^0-9]', '', 'g'), 10)`,
    ),
    address: text('address').notNull().default(''),
    /** The photo as stored (re-encoded) in FileStorage; null when there is none. */
    photoKey: text('photo_key'),
    photoType: text('photo_type'),
    campusId: uuid('campus_id').notNull(),
    status: text('status', { enum: ['active', 'left', 'graduated'] })
      .notNull()
      .default('active'),
    /** When a student left or graduated, and (for leaving) why. */
    statusOn: date('status_on', { mode: 'string' }),
    statusReason: text('status_reason').notNull().default(''),
    applicantId: uuid('applicant_id'),
    /** The Idempotency-Key the staff's form created it with, so a double submit creates one. */
    idempotencyKey: text('idempotency_key'),
    payloadHash: text('payload_hash'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('students_applicant_fk', t, t.applicantId, applicants),
    unique('students_applicant_id_unique').on(t.instituteId, t.applicantId),
    uniqueIndex('students_institute_code_unique').on(t.instituteId, t.studentCode),
    index('students_family_idx').on(t.instituteId, t.familyKey),
    index('students_campus_idx').on(t.campusId),
    uniqueIndex('students_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    // The list's search (student-search.ts): a name or phone containing the words typed
    // (trigrams, pg_trgm), a student ID starting with them, and the name order.
    index('students_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    index('students_family_trgm_idx').using('gin', sql`${t.familyKey} gin_trgm_ops`),
    index('students_code_prefix_idx').on(
      t.instituteId,
      sql`lower(${t.studentCode}) text_pattern_ops`,
    ),
    index('students_name_idx').on(t.instituteId, t.fullName),
    check('students_status_on', sql`${t.status} = 'active' or ${t.statusOn} is not null`),
    tenantReference('students_campus_fk', t, t.campusId, campuses),
  ],
)

/**
 * Where a student studies in one session: class, group, section, shift and roll. One enrolment
 * per student per session; a roll is unique in its session, class and section. Promotion adds
 * the next session's enrolment and records the outcome of the one before.
 */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    studentId: uuid('student_id').notNull(),
    academicSessionId: uuid('academic_session_id').notNull(),
    classId: uuid('class_id').notNull(),
    groupId: uuid('group_id'),
    sectionId: uuid('section_id'),
    shiftId: uuid('shift_id'),
    roll: integer('roll').notNull(),
    /** How the session ended for the student; null while it runs. */
    outcome: text('outcome', { enum: ['promoted', 'held_back', 'left', 'graduated'] }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('enrolments_student_fk', t, t.studentId, students),
    tenantReference('enrolments_session_fk', t, t.academicSessionId, academicSessions),
    tenantReference('enrolments_class_fk', t, t.classId, classes),
    tenantReference('enrolments_group_fk', t, t.groupId, groups),
    tenantReference('enrolments_section_fk', t, t.sectionId, sections),
    tenantReference('enrolments_shift_fk', t, t.shiftId, shifts),
    unique('enrolments_student_session_unique').on(t.instituteId, t.studentId, t.academicSessionId),
    unique('enrolments_roll_unique')
      .on(t.instituteId, t.academicSessionId, t.classId, t.sectionId, t.roll)
      .nullsNotDistinct(),
    index('enrolments_student_idx').on(t.studentId),
    index('enrolments_placement_idx').on(t.academicSessionId, t.classId, t.sectionId),
    check('enrolments_roll_positive', sql`${t.roll} > 0`),
  ],
)

/** The last student number given per institute and admission year. */
export const studentCounters = pgTable(
  'student_counters',
  {
    instituteId: instituteId(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.year] })],
)

/**
 * An uploaded student list as checked, waiting to be confirmed: the rows ready to write (names
 * already resolved to the institute's ids), what the preview showed, and the job that imports
 * it once confirmed. The file itself is not kept.
 */
export const studentImports = pgTable(
  'student_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    createdBy: uuid('created_by').references(() => users.id),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file as uploaded. */
    fileSha256: text('file_sha256').notNull(),
    /** The columns the file has (import column names). */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** Every valid row, resolved, in file order: what the job writes. */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    /** The preview: counts and the rows shown. */
    preview: jsonb('preview').$type<unknown>().notNull(),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('student_imports_job_fk', t, t.jobId, jobs),
    index('student_imports_institute_idx').on(t.instituteId, t.createdAt),
  ],
)
