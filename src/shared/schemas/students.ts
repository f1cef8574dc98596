import * as v from 'valibot'
import { genders, phoneSchema } from './person.ts'
import { isoDate } from './dates.ts'
import { pagedSchema } from './list.ts'
import { id, optionalText, text } from './primitives.ts'
import { studentStatuses } from './student-search.ts'

export const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const
export const enrolmentOutcomes = ['promoted', 'held_back', 'left', 'graduated'] as const

/** Letters, digits and dashes: what fits on an ID card and in a spreadsheet cell unchanged. */
export const studentCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,19}$/, 'student_code_shape'),
)

const optionalChoice = <T extends readonly [string, ...string[]]>(
  options: T,
  code: 'gender_required' | 'unknown_structure_item',
) => v.optional(v.union([v.literal(''), v.picklist(options)], code), '')

/**
 * Who a student is and who to call: the fields the staff's form, the import and enrolling an
 * applicant share. The guardian's phone is required: it links siblings as a family and reaches
 * home for dues and notices.
 */
export const StudentFieldsSchema = v.object({
  fullName: text(120, 'student_name_required'),
  dateOfBirth: v.optional(
    v.pipe(
      v.union([v.literal(''), isoDate], 'invalid_date'),
      v.check(
        (date) => date === '' || date <= new Date().toISOString().slice(0, 10),
        'birth_date_future',
      ),
    ),
    '',
  ),
  gender: optionalChoice(genders, 'gender_required'),
  religion: optionalText(40),
  bloodGroup: optionalChoice(bloodGroups, 'unknown_structure_item'),
  fatherName: optionalText(120),
  motherName: optionalText(120),
  guardianName: optionalText(120),
  guardianRelation: optionalText(40),
  guardianPhone: v.pipe(
    v.string('guardian_phone_required'),
    v.trim(),
    v.nonEmpty('guardian_phone_required'),
    phoneSchema,
  ),
  guardianEmail: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('email_shape'))]),
    '',
  ),
  address: optionalText(500),
  campusId: id,
})
export type StudentFields = v.InferOutput<typeof StudentFieldsSchema>

const roll = v.pipe(
  v.number('roll_positive'),
  v.integer('roll_positive'),
  v.minValue(1, 'roll_positive'),
  v.maxValue(100_000, 'must_be_at_most'),
)

/** Where a student studies in a session. A missing roll is the next free one of the section. */
export const PlacementSchema = v.object({
  academicSessionId: id,
  classId: id,
  groupId: v.optional(v.nullable(id), null),
  sectionId: v.optional(v.nullable(id), null),
  shiftId: v.optional(v.nullable(id), null),
  roll: v.optional(v.nullable(roll), null),
})
export type Placement = v.InferOutput<typeof PlacementSchema>
export type PlacementInput = v.InferInput<typeof PlacementSchema>

/** A new student: their fields, an optional student ID (else the next one), their placement. */
export const StudentCreateSchema = v.object({
  ...StudentFieldsSchema.entries,
  studentCode: v.optional(v.union([v.literal(''), studentCodeSchema], 'student_code_shape'), ''),
  enrolment: PlacementSchema,
})
export type StudentCreateInput = v.InferInput<typeof StudentCreateSchema>

/** A change to some of a student's fields. */
export const StudentPatchSchema = v.partial(
  v.object({ ...StudentFieldsSchema.entries, studentCode: studentCodeSchema }),
)
export type StudentPatch = v.InferInput<typeof StudentPatchSchema>

/** Marking a student as left (with the day and why), graduated (with the day) or active again. */
export const StudentStatusChangeSchema = v.variant('status', [
  v.object({
    status: v.literal('left'),
    on: isoDate,
    reason: text(300, 'status_reason_required'),
  }),
  v.object({ status: v.literal('graduated'), on: isoDate }),
  v.object({ status: v.literal('active') }),
])
export type StudentStatusChange = v.InferInput<typeof StudentStatusChangeSchema>

/** An enrolment as read, with its lists' names so a screen shows it without a second read. */
export const EnrolmentSchema = v.object({
  id: v.string(),
  academicSessionId: v.string(),
  sessionName: v.string(),
  classId: v.string(),
  className: v.string(),
  groupId: v.nullable(v.string()),
  groupName: v.nullable(v.string()),
  sectionId: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
  shiftId: v.nullable(v.string()),
  shiftName: v.nullable(v.string()),
  roll: v.number(),
  outcome: v.nullable(v.picklist(enrolmentOutcomes)),
})
export type Enrolment = v.InferOutput<typeof EnrolmentSchema>

/** A row of the student list: who, and where they study in the session the list shows. */
export const StudentListItemSchema = v.object({
  id: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  guardianName: v.string(),
  guardianPhone: v.string(),
  campusId: v.string(),
  campusName: v.string(),
  status: v.picklist(studentStatuses),
  enrolment: v.nullable(EnrolmentSchema),
})
export type StudentListItem = v.InferOutput<typeof StudentListItemSchema>
export const StudentPageSchema = pagedSchema(StudentListItemSchema)
export type StudentPage = v.InferOutput<typeof StudentPageSchema>

/** A sibling: another student sharing the guardian's phone. */
export const SiblingSchema = v.object({
  id: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  status: v.picklist(studentStatuses),
  className: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
})
export type Sibling = v.InferOutput<typeof SiblingSchema>

/** A student's profile: fields, status, where they came from, enrolments (latest first), family. */
export const StudentSchema = v.object({
  id: v.string(),
  studentCode: v.string(),
  ...v.object(
    Object.fromEntries(
      Object.keys(StudentFieldsSchema.entries).map((key) => [key, v.string()]),
    ) as Record<keyof StudentFields, v.StringSchema<undefined>>,
  ).entries,
  campusName: v.string(),
  hasPhoto: v.boolean(),
  status: v.picklist(studentStatuses),
  statusOn: v.nullable(v.string()),
  statusReason: v.string(),
  applicantId: v.nullable(v.string()),
  createdAt: v.string(),
  enrolments: v.array(EnrolmentSchema),
  family: v.array(SiblingSchema),
})
export type Student = v.InferOutput<typeof StudentSchema>

/** What creating a student answers. */
export const StudentCreatedSchema = v.object({
  id: v.string(),
  studentCode: v.string(),
  roll: v.number(),
})
export type StudentCreated = v.InferOutput<typeof StudentCreatedSchema>

/** A change to an enrolment's group, section, shift or roll (its session and class stay). */
export const EnrolmentPatchSchema = v.partial(
  v.object({
    groupId: v.nullable(id),
    sectionId: v.nullable(id),
    shiftId: v.nullable(id),
    roll,
  }),
)
export type EnrolmentPatch = v.InferInput<typeof EnrolmentPatchSchema>

/** `/api/students/next-roll?…`: the next free roll of a session's class and section. */
export const NextRollQuerySchema = v.object({
  academicSessionId: id,
  classId: id,
  sectionId: v.optional(id),
})
export const NextRollSchema = v.object({ roll: v.number() })
export type NextRoll = v.InferOutput<typeof NextRollSchema>

/**
 * `POST /api/admission/applicants/:id/enrol`: where the accepted applicant goes in the form's
 * session and class. A section is needed when the class has sections in that session; no roll
 * is the section's next free one, no campus the institute's first.
 */
export const EnrolApplicantSchema = v.object({
  sectionId: PlacementSchema.entries.sectionId,
  roll: PlacementSchema.entries.roll,
  shiftId: PlacementSchema.entries.shiftId,
  campusId: v.optional(v.nullable(id), null),
})
export type EnrolApplicant = v.InferOutput<typeof EnrolApplicantSchema>
export type EnrolApplicantInput = v.InferInput<typeof EnrolApplicantSchema>

/** What enrolling an applicant proposes: the class's sections in the session, each with its next roll. */
export const EnrolmentProposalSchema = v.object({
  academicSession: v.string(),
  className: v.string(),
  groupName: v.string(),
  sections: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      capacity: v.nullable(v.number()),
      taken: v.number(),
      nextRoll: v.number(),
    }),
  ),
  /** The next roll of the class without a section (when it has no sections in the session). */
  nextRoll: v.number(),
})
export type EnrolmentProposal = v.InferOutput<typeof EnrolmentProposalSchema>
