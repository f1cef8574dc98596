import * as v from 'valibot'
import { smsLength } from '../sms/segments.ts'
import {
  fillTemplate,
  maxSegments,
  sampleValues,
  templateVariables,
  unknownVariables,
} from '../sms/template.ts'
import { instituteLocales, type InstituteLocale } from './institutes.ts'
import { isoDate } from './dates.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { id, text } from './primitives.ts'

/** What a template is for: the screens that send messages offer the templates of theirs. */
export const smsTemplatePurposes = ['general', 'due_reminder', 'receipt', 'application'] as const
export type SmsTemplatePurpose = (typeof smsTemplatePurposes)[number]

/** A template's text in one language: its variables known, its messages at most ten parts. */
const templateText = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'too_long'),
  v.check((text) => unknownVariables(text).length === 0, 'sms_unknown_variable'),
  v.check(
    (text) => smsLength(fillTemplate(text, sampleValues)).segments <= maxSegments,
    'sms_too_long',
  ),
)

/** A template's texts by language; those left empty are dropped, and one is needed. */
const templateTexts = v.pipe(
  v.partial(v.object(Object.fromEntries(instituteLocales.map((l) => [l, templateText])))),
  v.transform(
    (texts) =>
      Object.fromEntries(Object.entries(texts).filter(([, t]) => t)) as Partial<
        Record<InstituteLocale, string>
      >,
  ),
  v.check((texts) => Object.keys(texts).length > 0, 'sms_text_required'),
)

export const SmsTemplateInputSchema = v.object({
  name: text(80, 'sms_template_name_required'),
  purpose: v.picklist(smsTemplatePurposes, 'sms_purpose_unknown'),
  texts: templateTexts,
  /** A family with several children gets one message, not one per child. */
  onePerFamily: v.optional(v.boolean(), true),
})
export type SmsTemplateInput = v.InferInput<typeof SmsTemplateInputSchema>

export const SmsTemplateSchema = v.object({
  id: v.string(),
  name: v.string(),
  purpose: v.picklist(smsTemplatePurposes),
  texts: v.record(v.picklist(instituteLocales), v.string()),
  onePerFamily: v.boolean(),
  updatedAt: v.string(),
})
export type SmsTemplate = v.InferOutput<typeof SmsTemplateSchema>

export const SmsTemplateListSchema = v.object({
  data: v.array(SmsTemplateSchema),
  /** The institute's language: a new template's first text. */
  language: v.picklist(instituteLocales),
})
export type SmsTemplateList = v.InferOutput<typeof SmsTemplateListSchema>

/** Whose values to read, and in which language (amounts and dates written in it). */
export const SmsValuesQuerySchema = v.object({
  studentId: id,
  /** The institute's language when not given. */
  locale: v.optional(v.picklist(instituteLocales, 'locale_unknown')),
})
export type SmsValuesQuery = v.InferInput<typeof SmsValuesQuerySchema>

/** What the variables say of one student: a text filled with them is what they would get. */
export const SmsStudentValuesSchema = v.object({
  values: v.record(v.picklist(templateVariables), v.string()),
  /** Where the student's guardian would get it, or null when the family has no number. */
  recipient: v.nullable(v.string()),
})
export type SmsStudentValues = v.InferOutput<typeof SmsStudentValuesSchema>

/** The institute's SMS settings, and the countries a number may be read in. */
export const SmsSettingsSchema = v.object({
  /** Where numbers written without a country code are (ISO 3166-1 alpha-2). */
  country: v.string(),
  countries: v.array(v.string()),
})
export type SmsSettings = v.InferOutput<typeof SmsSettingsSchema>

export const SmsSettingsInputSchema = v.object({
  country: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, 'sms_country_unknown'),
  ),
})
export type SmsSettingsInput = v.InferInput<typeof SmsSettingsInputSchema>

/** A number never messaged, as written; the server keeps it in E.164. */
export const SmsOptOutInputSchema = v.object({
  number: text(40, 'sms_number_required'),
  reason: text(200, 'sms_opt_out_reason_required'),
})
export type SmsOptOutInput = v.InferInput<typeof SmsOptOutInputSchema>

export const SmsOptOutSchema = v.object({
  id: v.string(),
  /** E.164. */
  number: v.string(),
  reason: v.string(),
  createdAt: v.string(),
})
export type SmsOptOut = v.InferOutput<typeof SmsOptOutSchema>

export const SmsOptOutListSchema = v.object({ data: v.array(SmsOptOutSchema) })
export type SmsOptOutList = v.InferOutput<typeof SmsOptOutListSchema>

/** Where students are placed, narrowing an audience of guardians; each left out is "all". */
const placement = {
  campusId: v.optional(id),
  classId: v.optional(id),
  sectionId: v.optional(id),
  groupId: v.optional(id),
}

/**
 * Who a message goes to: the guardians of the current session's active students (where they
 * are placed), the families owing more than an amount as of a day, or numbers pasted in.
 */
export const SmsAudienceSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('guardians'), ...placement }),
    v.object({
      kind: v.literal('owing'),
      ...placement,
      /** A family owing more than this, in minor units, gets the message. */
      moreThanMinor: MinorUnitsSchema,
      asOf: isoDate,
    }),
    v.object({
      kind: v.literal('numbers'),
      /** One or more numbers, one a line or separated by commas or semicolons. */
      numbers: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('sms_numbers_required'),
        v.maxLength(200_000, 'too_long'),
      ),
    }),
  ],
  'sms_audience_unknown',
)
export type SmsAudience = v.InferInput<typeof SmsAudienceSchema>

export const SmsAudiencePreviewInputSchema = v.object({
  audience: SmsAudienceSchema,
  /** A family with several children gets one message, not one per child. */
  onePerFamily: v.optional(v.boolean(), true),
})
export type SmsAudiencePreviewInput = v.InferInput<typeof SmsAudiencePreviewInputSchema>

/** A number that cannot get messages: listed, never sent. */
const SmsUnreachableSchema = v.object({ written: v.string(), name: v.string() })

/** Who would get a message, before anything is sent. */
export const SmsAudiencePreviewSchema = v.object({
  /** Messages that would go. */
  recipients: v.number(),
  /** Messages left out because the number already gets one (siblings, a number pasted twice). */
  duplicates: v.number(),
  /** Numbers on the opt-out list, left out. */
  optedOut: v.number(),
  /** Numbers that cannot get messages (the first 100), and how many there are. */
  unreachable: v.array(SmsUnreachableSchema),
  unreachableCount: v.number(),
  /** The first recipients, to see who they are. */
  sample: v.array(v.object({ number: v.string(), name: v.string() })),
})
export type SmsAudiencePreview = v.InferOutput<typeof SmsAudiencePreviewSchema>
