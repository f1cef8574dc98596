/** Admission forms: what staff define (fields, questions, required files) and what applicants see of them. */
import * as v from 'valibot'
import { LogoSchema } from './institutes.ts'
import { MinorUnitsSchema } from './minor-units.ts'
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
