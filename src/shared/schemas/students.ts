import * as v from 'valibot'
import { ErrorDetailSchema } from './api-error.ts'
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
export type StudentFieldsInput = v.InferInput<typeof StudentFieldsSchema>

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
/** What happens to a student at a promotion other than going up with their class. */
export const promotionExceptionActions = ['hold_back', 'leave', 'graduate'] as const
export type PromotionExceptionAction = (typeof promotionExceptionActions)[number]
/**
 * Where a promoted student sits: in the target class's section of the same name (in the next
 * session) when there is one, else in none; or in none at all.
 */
export const promotionSectionRules = ['keep_section_name', 'none'] as const

/** A student held back, leaving or graduating instead of going up (and why, if known). */
const PromotionExceptionSchema = v.object({
  studentId: id,
  action: v.picklist(promotionExceptionActions, 'invalid_value'),
  reason: optionalText(300),
})

/** Reports each repeated value of a list, at the item's field, with `code`. */
const uniqueIn = <T extends Record<string, unknown>>(
  lists: (value: T) => { list: string; items: unknown[]; key: string }[],
  code: string,
) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const { list, items, key } of lists(dataset.value)) {
      const seen = new Set<unknown>()
      items.forEach((item, index) => {
        const fields = item as Record<string, unknown>
        const value = fields[key]
        if (!seen.has(value)) return void seen.add(value)
        addIssue({
          message: code,
          path: [
            { type: 'object', origin: 'value', input: dataset.value, key: list, value: items },
            { type: 'array', origin: 'value', input: items, key: index, value: item },
            { type: 'object', origin: 'value', input: fields, key, value },
          ],
        })
      })
    }
  })

/**
 * A promotion from one session to the next (`POST /api/students/promotions[/preview]`): where
 * each class goes (`toClassId` null: the class ends there, its students graduate), who is held
 * back, leaves or graduates instead, and how sections are chosen.
 */
export const PromotionRequestSchema = v.pipe(
  v.object({
    fromSessionId: id,
    toSessionId: id,
    classMappings: v.pipe(
      v.array(v.object({ fromClassId: id, toClassId: v.nullable(id) })),
      v.minLength(1, 'promotion_no_class'),
      v.maxLength(200, 'too_big'),
    ),
    exceptions: v.optional(
      v.pipe(v.array(PromotionExceptionSchema), v.maxLength(5000, 'too_big')),
      [],
    ),
    sectionRule: v.optional(
      v.picklist(promotionSectionRules, 'invalid_value'),
      'keep_section_name',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['fromSessionId'], ['toSessionId']],
      (r) => r.fromSessionId !== r.toSessionId,
      'promotion_same_session',
    ),
    ['toSessionId'],
  ),
  uniqueIn(
    (r) => [
      { list: 'classMappings', items: r.classMappings, key: 'fromClassId' },
      { list: 'exceptions', items: r.exceptions, key: 'studentId' },
    ],
    'promotion_listed_twice',
  ),
)
export type PromotionRequest = v.InferOutput<typeof PromotionRequestSchema>
export type PromotionRequestInput = v.InferInput<typeof PromotionRequestSchema>

/** What a promotion does with a student, or why it leaves them as they are. */
export const promotionStudentActions = [
  'promote',
  'hold_back',
  'leave',
  'graduate',
  'already_enrolled',
  'not_active',
] as const
export type PromotionStudentAction = (typeof promotionStudentActions)[number]

/** Where a student is (or will be): class, section and roll. */
const PromotionPlaceSchema = v.object({
  classId: v.string(),
  className: v.string(),
  sectionId: v.nullable(v.string()),
  sectionName: v.nullable(v.string()),
  roll: v.number(),
})
export type PromotionPlace = v.InferOutput<typeof PromotionPlaceSchema>

/** One student of a class being promoted: where they are, what happens, where they go. */
export const PromotionStudentSchema = v.object({
  studentId: v.string(),
  studentCode: v.string(),
  fullName: v.string(),
  action: v.picklist(promotionStudentActions),
  reason: v.string(),
  from: PromotionPlaceSchema,
  /** The next session's place: proposed, or (already enrolled) the one they have. */
  to: v.nullable(PromotionPlaceSchema),
})
export type PromotionStudent = v.InferOutput<typeof PromotionStudentSchema>

/** How many students each action concerns. */
export const PromotionCountsSchema = v.object(
  Object.fromEntries(promotionStudentActions.map((a) => [a, v.number()])) as Record<
    PromotionStudentAction,
    v.NumberSchema<undefined>
  >,
)
export type PromotionCounts = v.InferOutput<typeof PromotionCountsSchema>

/** One class of a promotion: its counts, and why it cannot go (a full section…), if so. */
const PromotionClassSummarySchema = v.object({
  fromClassId: v.string(),
  fromClassName: v.string(),
  toClassId: v.nullable(v.string()),
  toClassName: v.nullable(v.string()),
  counts: PromotionCountsSchema,
  /** Refusals of the catalogue; a class with any is left as it is, all of it. */
  errors: v.array(ErrorDetailSchema),
})
export type PromotionClassSummary = v.InferOutput<typeof PromotionClassSummarySchema>

/** What a promotion would do, class by class, student by student; nothing is written. */
export const PromotionPreviewSchema = v.object({
  fromSessionName: v.string(),
  toSessionName: v.string(),
  /** The day students who leave or graduate are recorded as having done so: the session's last. */
  statusOn: v.string(),
  classes: v.array(
    v.object({
      ...PromotionClassSummarySchema.entries,
      students: v.array(PromotionStudentSchema),
    }),
  ),
  totals: PromotionCountsSchema,
})
export type PromotionPreview = v.InferOutput<typeof PromotionPreviewSchema>

/** A promotion's job result: what it did per class (`already_enrolled` on a second run). */
export const PromotionResultSchema = v.object({
  classes: v.array(PromotionClassSummarySchema),
  totals: PromotionCountsSchema,
})
export type PromotionResult = v.InferOutput<typeof PromotionResultSchema>

/** `POST /api/students/promotions`: the job that runs it, followed through `/api/jobs/:id`. */
export const PromotionStartedSchema = v.object({ jobId: v.string() })
/*
 * Importing students from a spreadsheet: the columns of the template (and of an upload), each
 * row's refusals by column, and what confirming would do.
 */

/** The columns of an import file, in the template's order. */
export const importColumns = [
  'studentCode',
  'fullName',
  'dateOfBirth',
  'gender',
  'religion',
  'bloodGroup',
  'fatherName',
  'motherName',
  'guardianName',
  'guardianRelation',
  'guardianPhone',
  'guardianEmail',
  'address',
  'campus',
  'session',
  'class',
  'group',
  'section',
  'shift',
  'roll',
] as const
export type ImportColumn = (typeof importColumns)[number]
/** Columns a file must have; the session defaults to the current one, the campus to the first. */
export const requiredImportColumns = ['fullName', 'guardianPhone', 'class'] as const
/** At most this many students in one file; a larger one is refused before anything is read. */
export const importRowLimit = 20_000
/** At most this many bytes in one upload. */
export const importMaxBytes = 16 * 1024 * 1024

export const importOutcomes = ['new', 'updated', 'unchanged', 'invalid'] as const
export type ImportOutcome = (typeof importOutcomes)[number]

/** One row of an upload: its line in the file, the cells as read, refusals by column. */
export const ImportRowSchema = v.object({
  line: v.number(),
  values: v.record(v.string(), v.string()),
  errors: v.record(v.string(), v.array(ErrorDetailSchema)),
  outcome: v.picklist(importOutcomes),
})
export type ImportRow = v.InferOutput<typeof ImportRowSchema>

export const ImportCountsSchema = v.object({
  total: v.number(),
  new: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  invalid: v.number(),
})
export type ImportCounts = v.InferOutput<typeof ImportCountsSchema>

/**
 * An upload as checked, before anything is written: every row with a mistake (and the first
 * rows of the rest, to see how they were read), counts of what confirming would do, and the job
 * once it is confirmed. A file with any invalid row is not imported: it is corrected and
 * uploaded again.
 */
export const ImportPreviewSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  columns: v.array(v.picklist(importColumns)),
  counts: ImportCountsSchema,
  rows: v.array(ImportRowSchema),
  jobId: v.nullable(v.string()),
  createdAt: v.string(),
})
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>

/** What an import job did, as its result. */
export const ImportResultSchema = v.object({
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
})
export type ImportResult = v.InferOutput<typeof ImportResultSchema>
