import { date, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { applicants } from './admission.ts'
import { institutes } from './institutes.ts'

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
