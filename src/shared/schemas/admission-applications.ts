/** An application as an applicant fills, sends and follows it, with the checks of its answers. */
import * as v from 'valibot'
import { applicantStatuses } from './admission-lists.ts'
import { genders, isPhoneShape, phoneSchema } from './person.ts'
import { parseTypedDate } from '../typed-date.ts'
import { isoDate } from './dates.ts'
import { optionalText, text } from './primitives.ts'
import {
  standardFields,
  type StandardField,
  QuestionSchema,
  type Question,
  AttachmentRequirementSchema,
  PublicInstituteSchema,
} from './admission-forms.ts'

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

/** How the applicant's fee was paid, as staff and the tracking page show it. */
export const FeePaymentSchema = v.object({
  how: v.picklist(['counter', 'online', 'bank']),
  /** The receipt's number (at the counter or online); the slip's reference for a bank deposit. */
  reference: v.string(),
  paidOn: v.string(),
})
export type FeePayment = v.InferOutput<typeof FeePaymentSchema>

/**
 * An application as whoever holds its temporaryId sees it. The phone is masked and the date of
 * birth left out: they are what one confirms before changing anything.
 */
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

/** Where the link went, masked as the application shows it. */
export const SentApplicationLinkSchema = v.object({
  channel: v.picklist(linkChannels),
  recipient: v.string(),
})
export type SentApplicationLink = v.InferOutput<typeof SentApplicationLinkSchema>
