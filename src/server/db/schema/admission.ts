import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, money, tenantPrimaryKey, tenantReference } from './columns.ts'
import { academicSessions, classes, groups } from './academic.ts'
import { vouchers } from './accounting.ts'
import { users } from './auth.ts'
import { instituteId } from './institute-column.ts'
import { institutes } from './institutes.ts'

/**
 * An admission form (§2 admission): one session and class (and maybe group) of the institute's
 * structure, a window, a fee, what it asks.
 */
export const admissionForms = pgTable(
  'admission_forms',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    title: text('title').notNull(),
    academicSessionId: uuid('academic_session_id').notNull(),
    classId: uuid('class_id').notNull(),
    /** Null when the form is for the class as a whole. */
    groupId: uuid('group_id'),
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
    tenantPrimaryKey(t),
    tenantReference('admission_forms_session_fk', t, t.academicSessionId, academicSessions),
    tenantReference('admission_forms_class_fk', t, t.classId, classes),
    tenantReference('admission_forms_group_fk', t, t.groupId, groups),
    index('admission_forms_institute_idx').on(t.instituteId),
    check('admission_forms_window', sql`${t.closesOn} >= ${t.opensOn}`),
    check('admission_forms_fee', sql`${t.fee} >= 0`),
  ],
)

/** A submitted application. Its temporaryId is the applicant's unguessable key to it. */
export const applicants = pgTable(
  'applicants',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    formId: uuid('form_id').notNull(),
    temporaryId: text('temporary_id').notNull(),
    /**
     * What the applicant reads out on the phone to the office (`DS-27-4K7Q`), unique in the
     * institute; the temporaryId stays the only key to the application on the web.
     */
    shortReference: text('short_reference').notNull(),
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
    tenantPrimaryKey(t),
    tenantReference('applicants_form_fk', t, t.formId, admissionForms),
    uniqueIndex('applicants_temporary_id_unique').on(t.instituteId, t.temporaryId),
    uniqueIndex('applicants_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    uniqueIndex('applicants_short_reference_unique').on(t.instituteId, t.shortReference),
    index('applicants_form_idx').on(t.formId, t.status),
    index('applicants_institute_idx').on(t.instituteId, t.submittedAt),
  ],
)

/**
 * An application fee paid elsewhere (a bank deposit slip), as staff recorded it from the slip:
 * the voucher posted (Dr the mapped bank account, Cr admission fee income). One per applicant.
 */
export const applicantFeeDeposits = pgTable(
  'applicant_fee_deposits',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: instituteId(),
    applicantId: uuid('applicant_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** The bank account (its COA mapping key) the slip paid into. */
    bankAccount: text('bank_account').notNull(),
    /** The slip's number as printed on it. */
    reference: text('reference').notNull(),
    voucherId: uuid('voucher_id').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('applicant_fee_deposits_applicant_fk', t, t.applicantId, applicants),
    tenantReference('applicant_fee_deposits_voucher_fk', t, t.voucherId, vouchers),
    uniqueIndex('applicant_fee_deposits_applicant_unique').on(t.instituteId, t.applicantId),
    uniqueIndex('applicant_fee_deposits_idempotency_unique').on(t.instituteId, t.idempotencyKey),
    check('applicant_fee_deposits_amount', sql`${t.amountMinor} > 0`),
  ],
)

/** One file per attachment kind of an application; a new upload of the kind replaces it. */
export const applicantAttachments = pgTable(
  'applicant_attachments',
  {
    id: uuid('id').notNull().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id),
    applicantId: uuid('applicant_id').notNull(),
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
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('applicant_attachments_applicant_fk', t, t.applicantId, applicants),
    uniqueIndex('applicant_attachments_kind_unique').on(t.instituteId, t.applicantId, t.kind),
  ],
)
