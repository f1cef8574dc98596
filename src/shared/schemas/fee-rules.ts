import * as v from 'valibot'
import type { ErrorCode } from '../errors/catalogue.ts'
import { isoDate } from './dates.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { VatRateSchema } from './fee-heads.ts'
import { id, optionalText, text } from './primitives.ts'

/*
 * The shapes of the fee rules that travel over the API (fine rules, VAT rates, concession
 * terms). The rules themselves are pure functions in src/shared/fees/, which take these shapes.
 * Rates are basis points (1 % = 100 bp): a percentage with two decimals, as a whole number.
 */

/** 100 % in basis points. */
export const fullRateBp = 10_000

/** A rate of 0 to 100 %, in whole basis points; `over` names what refuses more than 100 %. */
export const basisPoints = (over: ErrorCode) =>
  v.pipe(
    v.number('rate_required'),
    v.integer('rate_fraction'),
    v.minValue(0, 'rate_negative'),
    v.maxValue(fullRateBp, over),
  )

/** The latest day a slab may start on (about ten years late). */
const maxSlabDay = 3650

/**
 * Slabs of days late, each from its first day to the next slab's (the last one open-ended):
 * days 1–10 → 50, 11–30 → 100, 31 and over → 200 is [{1, 50}, {11, 100}, {31, 200}]. The
 * fine is the amount of the slab the line is in (not the sum of the slabs passed), so the
 * slabs start at day 1, go up in days and never go down in amount: a fine never shrinks.
 */
export const FineSlabsSchema = v.pipe(
  v.array(
    v.object({
      fromDay: v.pipe(
        v.number('not_whole_number'),
        v.integer('not_whole_number'),
        v.minValue(1, 'must_be_at_least'),
        v.maxValue(maxSlabDay, 'must_be_at_most'),
      ),
      amount: MinorUnitsSchema,
    }),
  ),
  v.minLength(1, 'fine_slabs_required'),
  v.maxLength(20, 'too_big'),
  v.check((slabs) => slabs.length === 0 || slabs[0]!.fromDay === 1, 'fine_slabs_start'),
  v.check(
    (slabs) =>
      slabs.every(
        (s, i) =>
          i === 0 || (s.fromDay > slabs[i - 1]!.fromDay && s.amount >= slabs[i - 1]!.amount),
      ),
    'fine_slabs_order',
  ),
)
export type FineSlab = v.InferOutput<typeof FineSlabsSchema>[number]

/**
 * What a late line is charged once its grace is over: a fixed amount once, an amount per day
 * or per started week late, a percentage of the amount overdue (once), or slabs.
 */
export const FineChargeSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('fixed_once'), amount: MinorUnitsSchema }),
    v.object({ kind: v.literal('per_day'), amount: MinorUnitsSchema }),
    v.object({ kind: v.literal('per_week'), amount: MinorUnitsSchema }),
    v.object({ kind: v.literal('percent'), rateBp: basisPoints('percent_over_100') }),
    v.object({ kind: v.literal('slabs'), slabs: FineSlabsSchema }),
  ],
  'fine_kind_required',
)
export type FineCharge = v.InferOutput<typeof FineChargeSchema>
export type FineKind = FineCharge['kind']

const endsAfterStart = (input: { effectiveFrom: string; effectiveTo: string | null }) =>
  input.effectiveTo === null || input.effectiveTo >= input.effectiveFrom

/**
 * A fine rule as configured: for one fee head or (feeHeadId null) for all heads, in force from
 * one day to another (inclusive; open-ended when effectiveTo is null) by the line's due date.
 */
export const FineRuleInputSchema = v.pipe(
  v.object({
    feeHeadId: v.nullable(id),
    effectiveFrom: isoDate,
    effectiveTo: v.nullable(isoDate),
    graceDays: v.pipe(
      v.number('grace_days_range'),
      v.integer('grace_days_range'),
      v.minValue(0, 'grace_days_range'),
      v.maxValue(365, 'grace_days_range'),
    ),
    charge: FineChargeSchema,
    /** The most one invoice line is fined. */
    lineCap: v.nullable(MinorUnitsSchema),
    /** The most the rule fines one student's lines of one period together. */
    periodCap: v.nullable(MinorUnitsSchema),
  }),
  v.forward(
    v.partialCheck([['effectiveFrom'], ['effectiveTo']], endsAfterStart, 'end_before_start'),
    ['effectiveTo'],
  ),
)
export type FineRuleInput = v.InferOutput<typeof FineRuleInputSchema>

/** A VAT rate of a fee head from a day on; the rate in force on an invoice's issue date applies. */
export const VatRateInputSchema = v.object({
  rateBp: basisPoints('percent_over_100'),
  /** Whether the fee head's amounts already include the VAT. */
  inclusive: v.boolean(),
  effectiveFrom: isoDate,
})
export type VatRateInput = v.InferOutput<typeof VatRateInputSchema>

/** What a concession takes off: a percentage (at most 100 %) or a fixed amount. */
export const ConcessionTermsSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('percent'), rateBp: basisPoints('concession_over_100') }),
    v.object({ kind: v.literal('fixed'), amount: MinorUnitsSchema }),
  ],
  'concession_kind_required',
)
export type ConcessionTerms = v.InferOutput<typeof ConcessionTermsSchema>

/** A fee head as the rule screens list it: enough to name it. */
export const RuleHeadSchema = v.object({
  id,
  code: v.string(),
  name: v.string(),
  active: v.boolean(),
})
export type RuleHead = v.InferOutput<typeof RuleHeadSchema>

/** /vat-config: every head with its rates, newest first. */
export const VatHeadListSchema = v.object({
  data: v.array(v.object({ ...RuleHeadSchema.entries, rates: v.array(VatRateSchema) })),
  /** Where a new rate starts unless chosen: the current fiscal year's first open day. */
  defaultFrom: v.string(),
})
export type VatHeadList = v.InferOutput<typeof VatHeadListSchema>

/** A stored fine rule. */
export const FineRuleSchema = v.object({ id, ...FineRuleInputSchema.pipe[0].entries })
export type FineRuleRow = v.InferOutput<typeof FineRuleSchema>

export const FineRuleListSchema = v.object({
  data: v.array(FineRuleSchema),
  heads: v.array(RuleHeadSchema),
  /** Where a new rule starts unless chosen: the earliest open day, so overdue lines are fined. */
  defaultFrom: v.string(),
})
export type FineRuleList = v.InferOutput<typeof FineRuleListSchema>

export const concessionCategories = [
  'sibling',
  'merit',
  'staff_child',
  'scholarship',
  'need_based',
  'other',
] as const
export type ConcessionCategory = (typeof concessionCategories)[number]
export const concessionStatuses = ['requested', 'approved', 'rejected', 'revoked'] as const
export type ConcessionStatus = (typeof concessionStatuses)[number]

/** A concession as requested: for one student, one head or (null) all, a session's periods. */
export const ConcessionRequestSchema = v.object({
  studentId: id,
  feeHeadId: v.nullable(id),
  academicSessionId: id,
  fromPeriodId: v.optional(v.nullable(id), null),
  toPeriodId: v.optional(v.nullable(id), null),
  terms: ConcessionTermsSchema,
  category: v.picklist(concessionCategories, 'concession_category_required'),
  reason: text(500, 'concession_reason_required'),
})
export type ConcessionRequest = v.InferOutput<typeof ConcessionRequestSchema>

/** An approval, rejection or revocation: a note (required to reject or revoke). */
export const ConcessionDecisionSchema = v.object({ note: optionalText(500) })
export const ConcessionReasonSchema = v.object({ note: text(500, 'concession_reason_required') })

export const ConcessionSchema = v.object({
  id,
  studentId: id,
  studentName: v.string(),
  studentCode: v.string(),
  feeHeadId: v.nullable(id),
  feeHeadName: v.nullable(v.string()),
  academicSessionId: id,
  fromPeriodId: v.nullable(id),
  toPeriodId: v.nullable(id),
  terms: ConcessionTermsSchema,
  category: v.picklist(concessionCategories),
  reason: v.string(),
  /** The supporting document's name as uploaded (PUT …/:id/document); null when none. */
  documentName: v.nullable(v.string()),
  status: v.picklist(concessionStatuses),
  requestedBy: v.nullable(v.string()),
  requestedByName: v.nullable(v.string()),
  approvedBy: v.nullable(v.string()),
  approvedByName: v.nullable(v.string()),
  decisionNote: v.string(),
  createdAt: v.string(),
})
export type Concession = v.InferOutput<typeof ConcessionSchema>

export const ConcessionListSearchSchema = v.object({
  status: v.optional(v.picklist(concessionStatuses)),
  category: v.optional(v.picklist(concessionCategories)),
  studentId: v.optional(id),
})
export type ConcessionListSearch = v.InferOutput<typeof ConcessionListSearchSchema>

export const ConcessionListSchema = v.object({ data: v.array(ConcessionSchema) })

/** What a concession request form picks from: heads, sessions and students found by `q`. */
export const ConcessionOptionsSchema = v.object({
  heads: v.array(RuleHeadSchema),
  sessions: v.array(v.object({ id, name: v.string(), isCurrent: v.boolean() })),
  students: v.array(v.object({ id, fullName: v.string(), studentCode: v.string() })),
})
export type ConcessionOptions = v.InferOutput<typeof ConcessionOptionsSchema>

/** "Second child 10 % off tuition": every younger sibling of a family gets a requested concession. */
export const SiblingRuleSchema = v.object({
  feeHeadId: v.nullable(id),
  academicSessionId: id,
  rateBp: v.pipe(basisPoints('concession_over_100'), v.minValue(1, 'rate_required')),
  reason: text(500, 'concession_reason_required'),
})
export type SiblingRule = v.InferOutput<typeof SiblingRuleSchema>
export const SiblingPreviewSchema = v.object({ families: v.number(), students: v.number() })
