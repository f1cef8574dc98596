import * as v from 'valibot'
import { applicantStatuses, type ApplicantStatus } from './admission-lists.ts'
import { genders, isPhoneShape, phoneSchema } from './person.ts'
import { LogoSchema } from './institutes.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { parseTypedDate } from '../typed-date.ts'
import { isoDate } from './dates.ts'
import { pagedSchema } from './list.ts'
import { optionalText, text } from './primitives.ts'

/**
 * The fields every admission form has. Applicant name and phone are always required: the phone
 * (or the date of birth) is what an applicant confirms before changing a submitted application.
 */
export const standardFields = [
  'applicantName',
  'dateOfBirth',
  'gender',
  'fatherName',
  'motherName',
  'guardianName',
  'phone',
  'email',
  'address',
  'previousSchool',
] as const
export type StandardField = (typeof standardFields)[number]
export const isStandardField = (name: string): name is StandardField =>
  (standardFields as readonly string[]).includes(name)
export const alwaysRequiredFields: readonly StandardField[] = ['applicantName', 'phone']

export const questionKinds = ['text', 'number', 'date', 'choice'] as const
export type QuestionKind = (typeof questionKinds)[number]

/** What a stored upload may be; the server decides by the file's bytes, never by its name. */
export const attachmentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
export type AttachmentType = (typeof attachmentTypes)[number]
/** No attachment may be larger than this, whatever a form allows. */
export const maxAttachmentBytes = 10 * 1024 * 1024

/** Statuses from which staff may still review, accept or reject. */
export const undecidedStatuses: readonly ApplicantStatus[] = [
  'submitted',
  'fee_due',
  'fee_paid',
  'under_review',
]

/**
 * Keys that read as something on every object (`answers['constructor']` is a function) or
 * that valibot's record leaves out, so an answer under them would be lost or misread.
 */
export const reservedKeys: readonly string[] = ['constructor', 'prototype']

const slug = (message: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, message),
    v.check((key) => !reservedKeys.includes(key), 'form_key_taken'),
  )

export const QuestionSchema = v.pipe(
  v.object({
    /** Stable key of the answer: lower-case letters, digits and dashes. */
    id: slug('key_shape'),
    label: text(200, 'question_required'),
    kind: v.picklist(questionKinds, 'answer_kind_required'),
    required: v.boolean(),
    /** The choices of a 'choice' question; empty otherwise. */
    options: v.optional(
      v.pipe(v.array(text(100, 'option_empty')), v.maxLength(30, 'too_many_options')),
      [],
    ),
  }),
  v.forward(
    v.check((q) => q.kind !== 'choice' || q.options.length >= 2, 'choice_two_options'),
    ['options'],
  ),
)
export type Question = v.InferOutput<typeof QuestionSchema>

export const AttachmentRequirementSchema = v.object({
  /** Stable key of the upload, e.g. "photo", "birth-certificate". */
  kind: slug('key_shape'),
  label: text(120, 'attachment_name_required'),
  required: v.boolean(),
  types: v.pipe(
    v.array(v.picklist(attachmentTypes, 'unsupported_file_type')),
    v.minLength(1, 'file_types_required'),
  ),
  maxBytes: v.pipe(
    v.number('size_limit_required'),
    v.integer('size_limit_bytes'),
    v.minValue(1024, 'size_limit_small'),
    v.maxValue(maxAttachmentBytes, 'size_limit_large'),
  ),
})
export type AttachmentRequirement = v.InferOutput<typeof AttachmentRequirementSchema>

const uniqueBy =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length

/** An item chosen from one of the institute's lists: refused with `code` when none is. */
const chosen = (code: 'session_required' | 'class_required') =>
  v.pipe(
    v.string(code),
    v.uuid((issue) => (issue.input === '' ? code : 'unknown_structure_item')),
  )

/**
 * What staff enter for a form; creating and editing take the whole form. The session, class and
 * group are the institute's own (the server checks they are, and that the group is offered to
 * the class); no group means the class as a whole.
 */
export const AdmissionFormInputSchema = v.pipe(
  v.object({
    title: text(120, 'title_required'),
    academicSessionId: chosen('session_required'),
    classId: chosen('class_required'),
    groupId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('unknown_structure_item'))), null),
    opensOn: isoDate,
    closesOn: isoDate,
    /** The application fee in minor units; 0 for none. */
    fee: MinorUnitsSchema,
    /** Standard fields the applicant must fill, besides name and phone which always are. */
    requiredFields: v.pipe(
      v.array(v.picklist(standardFields, 'unknown_field')),
      v.transform((fields) => [...new Set([...alwaysRequiredFields, ...fields])]),
    ),
    questions: v.pipe(
      v.array(QuestionSchema),
      v.maxLength(30, 'too_many_questions'),
      v.check(
        uniqueBy((q) => q.id),
        'question_key_twice',
      ),
    ),
    attachments: v.pipe(
      v.array(AttachmentRequirementSchema),
      v.maxLength(10, 'too_many_attachments'),
      v.check(
        uniqueBy((a) => a.kind),
        'attachment_key_twice',
      ),
    ),
    instructions: optionalText(2000),
  }),
  v.forward(
    v.partialCheck(
      [['opensOn'], ['closesOn']],
      ({ opensOn, closesOn }) => closesOn >= opensOn,
      'closes_before_opens',
    ),
    ['closesOn'],
  ),
)
export type AdmissionFormInput = v.InferInput<typeof AdmissionFormInputSchema>

/** The part of a form staff and applicants both see; the session, class and group by name. */
const FormBodySchema = v.object({
  title: v.string(),
  academicSession: v.string(),
  className: v.string(),
  /** Empty when the form is for the class as a whole. */
  groupName: v.string(),
  opensOn: v.string(),
  closesOn: v.string(),
  fee: v.number(),
  requiredFields: v.array(v.picklist(standardFields)),
  questions: v.array(QuestionSchema),
  attachments: v.array(AttachmentRequirementSchema),
  instructions: v.string(),
})

/**
 * A form as staff see it, its session, class and group by id as well.
 * `accepting`: published, not closed, and today within its dates.
 */
export const AdmissionFormSchema = v.object({
  ...FormBodySchema.entries,
  academicSessionId: v.string(),
  classId: v.string(),
  groupId: v.nullable(v.string()),
  id: v.string(),
  published: v.boolean(),
  closed: v.boolean(),
  accepting: v.boolean(),
  /** Applications per status. */
  counts: v.record(v.string(), v.number()),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type AdmissionForm = v.InferOutput<typeof AdmissionFormSchema>

export const AdmissionFormListSchema = pagedSchema(AdmissionFormSchema)

export const PublicInstituteSchema = v.object({
  slug: v.string(),
  name: v.string(),
  currency: v.string(),
  /** False while the platform has suspended the institute: it takes no applications. */
  admissionsOpen: v.optional(v.boolean()),
  /** The currency's minor-unit digits as the institute stores them (absent in older copies). */
  currencyDigits: v.optional(v.number()),
  logo: v.optional(v.nullable(LogoSchema)),
  /** The institute's clock (IANA name), which the applicant's pages tell times by. */
  timezone: v.optional(v.string()),
})
export type PublicInstitute = v.InferOutput<typeof PublicInstituteSchema>

/** A published form as applicants see it. */
export const PublicAdmissionFormSchema = v.object({
  ...FormBodySchema.entries,
  id: v.string(),
  accepting: v.boolean(),
  institute: PublicInstituteSchema,
})
export type PublicAdmissionForm = v.InferOutput<typeof PublicAdmissionFormSchema>

/** `/admission/$institute`: the institute and its forms that take applications today. */
export const PublicFormListSchema = v.object({
  institute: PublicInstituteSchema,
  forms: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      academicSession: v.string(),
      className: v.string(),
      groupName: v.string(),
      closesOn: v.string(),
      fee: v.number(),
    }),
  ),
})
export type PublicFormList = v.InferOutput<typeof PublicFormListSchema>

/**
 * Whether two ways of writing a phone number name the same line: the same digits whatever the
 * spacing, or the same last ten digits when one is written with the country code (+880 1711…)
 * and the other with the national prefix (01711…).
 */
export function samePhone(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '')
  const y = b.replace(/\D/g, '')
  if (x.length < 7 || y.length < 7) return false
  return x === y || (x.length >= 10 && y.length >= 10 && x.slice(-10) === y.slice(-10))
}

/** The standard fields as an applicant fills them; an empty string is an unanswered field. */
export const ApplicationFieldsSchema = v.object({
  applicantName: text(120, 'applicant_name_required'),
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
  gender: v.optional(v.union([v.literal(''), v.picklist(genders)], 'gender_required'), ''),
  fatherName: optionalText(120),
  motherName: optionalText(120),
  guardianName: optionalText(120),
  phone: phoneSchema,
  email: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('email_shape'))]),
    '',
  ),
  address: optionalText(500),
  previousSchool: optionalText(200),
})
export type ApplicationFields = v.InferOutput<typeof ApplicationFieldsSchema>
export type ApplicationFieldsInput = v.InferInput<typeof ApplicationFieldsSchema>

/** The body of a submission: standard fields and the answers to the form's own questions. */
export const SubmitApplicationSchema = v.object({
  fields: ApplicationFieldsSchema,
  answers: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(40)), v.string()),
      v.check((answers) => Object.keys(answers).length <= 30, 'too_many_answers'),
    ),
    {},
  ),
})
export type SubmitApplication = v.InferInput<typeof SubmitApplicationSchema>

const numberPattern = /^-?\d{1,12}(\.\d{1,6})?$/
const answerText = v.pipe(v.string(), v.trim(), v.maxLength(2000, 'too_long'))

function answerSchema(q: Question) {
  const fits = (answer: string) => {
    if (q.kind === 'number') return numberPattern.test(answer)
    if (q.kind === 'date') return v.safeParse(isoDate, answer).success
    if (q.kind === 'choice') return q.options.includes(answer)
    return true
  }
  return v.optional(
    v.pipe(
      answerText,
      v.check((answer) => answer !== '' || !q.required, 'answer_required'),
      v.check((answer) => answer === '' || fits(answer), 'answer_mismatch'),
    ),
    '',
  )
}

/**
 * The submission schema of one form: the standard shape with the form's required fields, and
 * one answer per question checked by its kind. Client and server validate with it alike;
 * issues name the field (`fields.dateOfBirth`, `answers.<question id>`).
 */
export function applicationSchemaFor(form: {
  requiredFields: readonly StandardField[]
  questions: readonly Question[]
}) {
  const fields = Object.fromEntries(
    standardFields.map((field) => {
      const schema = ApplicationFieldsSchema.entries[field]
      return [
        field,
        form.requiredFields.includes(field)
          ? v.pipe(
              schema,
              v.check((value) => value !== '', 'required'),
            )
          : schema,
      ]
    }),
  ) as typeof ApplicationFieldsSchema.entries
  const answers = Object.fromEntries(form.questions.map((q) => [q.id, answerSchema(q)]))
  return v.object({
    fields: v.object(fields),
    answers: v.optional(v.strictObject(answers, 'answer_unknown'), {}),
  })
}

/** A stored upload as the applicant sees it. */
export const PublicAttachmentSchema = v.object({
  kind: v.string(),
  fileName: v.string(),
  contentType: v.string(),
  size: v.number(),
  uploadedAt: v.string(),
})
export type PublicAttachment = v.InferOutput<typeof PublicAttachmentSchema>

/**
 * An application as whoever holds its temporaryId sees it. The phone is masked and the date of
 * birth left out: they are what one confirms before changing anything.
 */
/** How the applicant's fee was paid, as staff and the tracking page show it. */
export const FeePaymentSchema = v.object({
  how: v.picklist(['counter', 'bank']),
  /** The receipt's number at the counter; the slip's reference for a bank deposit. */
  reference: v.string(),
  paidOn: v.string(),
})
export type FeePayment = v.InferOutput<typeof FeePaymentSchema>

export const PublicApplicationSchema = v.object({
  temporaryId: v.string(),
  /** For phone calls with the office (`DS-27-4K7Q`); not a key to the application. */
  shortReference: v.string(),
  formId: v.string(),
  formTitle: v.string(),
  institute: PublicInstituteSchema,
  status: v.picklist(applicantStatuses),
  submittedAt: v.string(),
  fee: v.number(),
  fields: v.object({
    ...ApplicationFieldsSchema.entries,
    applicantName: v.string(),
    phone: v.string(),
    dateOfBirth: v.literal(''),
  }),
  answers: v.record(v.string(), v.string()),
  questions: v.array(QuestionSchema),
  attachmentRequirements: v.array(AttachmentRequirementSchema),
  attachments: v.array(PublicAttachmentSchema),
  /** How the application fee was paid, once it is. */
  feePayment: v.optional(v.nullable(FeePaymentSchema), null),
})
export type PublicApplication = v.InferOutput<typeof PublicApplicationSchema>

/**
 * What the confirmation of an upload is: the date of birth as YYYY-MM-DD (the page turns the
 * date as typed into that) or a phone number; undefined for anything else, a slip in writing
 * it that is refused before it is compared, so it never counts as a wrong guess.
 */
export function confirmationKind(confirm: string): 'date' | 'phone' | undefined {
  const typed = confirm.trim()
  if (v.safeParse(isoDate, typed).success) return 'date'
  // A date written otherwise (14.03.2015), or no real day: never read as a phone number.
  if (parseTypedDate(typed, 'ymd')) return undefined
  return isPhoneShape(typed) ? 'phone' : undefined
}

/** Multipart field of an attachment upload besides `file`: the phone or the date of birth. */
export const AttachmentConfirmSchema = v.object({
  confirm: v.pipe(
    text(40, 'confirm_required'),
    v.check((confirm) => confirmationKind(confirm) !== undefined, 'confirm_shape'),
  ),
})

/** How the link to an application is sent to the phone or email given on it. */
export const linkChannels = ['sms', 'email'] as const
export type LinkChannel = (typeof linkChannels)[number]

/** `POST …/applications/:temporaryId/send-link`: the link, to the application's own contact. */
export const SendApplicationLinkSchema = v.object({
  channel: v.picklist(linkChannels, 'link_channel_required'),
})
export type SendApplicationLink = v.InferOutput<typeof SendApplicationLinkSchema>

/** Where the link went, masked as the application shows it. */
export const SentApplicationLinkSchema = v.object({
  channel: v.picklist(linkChannels),
  recipient: v.string(),
})
export type SentApplicationLink = v.InferOutput<typeof SentApplicationLinkSchema>

export const ApplicantSummarySchema = v.object({
  id: v.string(),
  /** What the applicant quotes on the phone (`DS-27-4K7Q`); the list's search finds it. */
  shortReference: v.string(),
  formId: v.string(),
  formTitle: v.string(),
  applicantName: v.string(),
  phone: v.string(),
  email: v.string(),
  status: v.picklist(applicantStatuses),
  submittedAt: v.string(),
  attachmentCount: v.number(),
  studentCode: v.nullable(v.string()),
})
export type ApplicantSummary = v.InferOutput<typeof ApplicantSummarySchema>

export const ApplicantListSchema = pagedSchema(ApplicantSummarySchema)

export const StaffAttachmentSchema = v.object({
  ...PublicAttachmentSchema.entries,
  id: v.string(),
  label: v.string(),
})
export type StaffAttachment = v.InferOutput<typeof StaffAttachmentSchema>

export const ApplicantSchema = v.object({
  ...ApplicantSummarySchema.entries,
  /** What the form was for: where enrolling places the applicant. */
  academicSessionId: v.string(),
  academicSession: v.string(),
  classId: v.string(),
  className: v.string(),
  groupId: v.nullable(v.string()),
  groupName: v.string(),
  temporaryId: v.string(),
  fee: v.number(),
  fields: ApplicationFieldsSchema,
  answers: v.record(v.string(), v.string()),
  questions: v.array(QuestionSchema),
  attachmentRequirements: v.array(AttachmentRequirementSchema),
  attachments: v.array(StaffAttachmentSchema),
  decisionNote: v.string(),
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  studentId: v.nullable(v.string()),
  /** How the application fee was paid, once it is. */
  feePayment: v.optional(v.nullable(FeePaymentSchema), null),
})
export type Applicant = v.InferOutput<typeof ApplicantSchema>

export const AcceptApplicantSchema = v.object({ note: optionalText(1000) })
export const RejectApplicantSchema = v.object({
  note: text(1000, 'rejection_reason_required'),
})
