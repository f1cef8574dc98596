/** Promoting a session's classes to the next: the request, its preview and the job's result. */
import * as v from 'valibot'
import { ErrorDetailSchema } from './api-error.ts'
import { id, optionalText } from './primitives.ts'

/** What happens to a student at a promotion other than going up with their class. */
export const promotionExceptionActions = ['hold_back', 'leave', 'graduate'] as const
export type PromotionExceptionAction = (typeof promotionExceptionActions)[number]
/**
 * Where a promoted student sits: in the target class's section of the same name (in the next
 * session) when there is one, else in none; or in none at all.
 */
const promotionSectionRules = ['keep_section_name', 'none'] as const

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
type PromotionStudentAction = (typeof promotionStudentActions)[number]

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
