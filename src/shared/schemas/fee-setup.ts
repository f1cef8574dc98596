import * as v from 'valibot'
import { feeRoundings } from '../fees/adjust-amount.ts'
import { isoDate } from './dates.ts'
import { feeHeadKinds } from './fee-heads.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'

/*
 * Fee set-up: fee heads, payment cycles and their periods, the fee configuration
 * grid, and per-student overrides. Amounts are integer minor units.
 */

export const cycleFrequencies = ['monthly', 'quarterly', 'half_yearly', 'yearly', 'custom'] as const
export type CycleFrequency = (typeof cycleFrequencies)[number]

export const FeeHeadInputSchema = v.object({
  name: text(80, 'fee_head_name_required'),
  code: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z0-9](?:[A-Z0-9-]{0,15})$/, 'fee_head_code_shape'),
    v.maxLength(16, 'fee_head_code_shape'),
  ),
  kind: v.picklist(feeHeadKinds, 'fee_head_kind_unknown'),
  incomeAccountId: v.pipe(v.string('fee_income_account'), v.uuid('fee_income_account')),
  priority: v.optional(
    v.pipe(
      v.number('not_whole_number'),
      v.integer('not_whole_number'),
      v.minValue(0, 'must_be_at_least'),
      v.maxValue(999, 'must_be_at_most'),
    ),
    0,
  ),
  active: v.optional(v.boolean(), true),
})
export type FeeHeadInput = v.InferInput<typeof FeeHeadInputSchema>

/** An income account a fee head may credit: an active leaf of the income type. */
export const IncomeAccountSchema = v.object({
  id: v.string(),
  glCode: v.string(),
  name: v.string(),
})
export type IncomeAccount = v.InferOutput<typeof IncomeAccountSchema>
export const IncomeAccountListSchema = v.object({
  data: v.array(IncomeAccountSchema),
  /** The income heads a new income account may be created under. */
  parents: v.array(IncomeAccountSchema),
})
export type IncomeAccountList = v.InferOutput<typeof IncomeAccountListSchema>

/** What the fee screens choose from: the institute's sessions, classes, groups and campuses. */
export const FeeStructureSchema = v.object({
  sessions: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      startsOn: v.string(),
      endsOn: v.string(),
      isCurrent: v.boolean(),
      active: v.boolean(),
    }),
  ),
  classes: v.array(v.object({ id: v.string(), name: v.string(), active: v.boolean() })),
  /** Each session's sections of each class. */
  sections: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      academicSessionId: v.string(),
      classId: v.string(),
      active: v.boolean(),
    }),
  ),
  groups: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      active: v.boolean(),
      /** The classes it is limited to; empty when open to all. */
      classIds: v.array(v.string()),
    }),
  ),
  campuses: v.array(v.object({ id: v.string(), name: v.string(), active: v.boolean() })),
})
export type FeeStructure = v.InferOutput<typeof FeeStructureSchema>

export const PaymentPeriodSchema = v.object({
  id: v.string(),
  name: v.string(),
  sequence: v.number(),
  startsOn: v.string(),
  endsOn: v.string(),
  issueDate: v.string(),
  dueDate: v.string(),
  /** Invoices were issued for it: it cannot be deleted. */
  invoiced: v.boolean(),
})
export type PaymentPeriod = v.InferOutput<typeof PaymentPeriodSchema>

export const PaymentCycleSchema = v.object({
  id: v.string(),
  academicSessionId: v.string(),
  name: v.string(),
  frequency: v.picklist(cycleFrequencies),
  periods: v.array(PaymentPeriodSchema),
})
export type PaymentCycle = v.InferOutput<typeof PaymentCycleSchema>
export const PaymentCycleListSchema = v.object({ data: v.array(PaymentCycleSchema) })

/** Cycles are read per session; without one, every session's. */
export const PaymentCycleQuerySchema = v.object({ academicSessionId: v.optional(id) })

const dayCount = v.pipe(
  v.number('not_whole_number'),
  v.integer('not_whole_number'),
  v.minValue(0, 'must_be_at_least'),
  v.maxValue(365, 'must_be_at_most'),
)

/** A new cycle: its periods are generated over the session (due `dueAfterDays` after issue). */
export const PaymentCycleInputSchema = v.object({
  academicSessionId: id,
  name: text(60, 'payment_cycle_name_required'),
  frequency: v.picklist(cycleFrequencies, 'cycle_frequency_unknown'),
  dueAfterDays: v.optional(dayCount, 9),
})
export type PaymentCycleInput = v.InferInput<typeof PaymentCycleInputSchema>
export const PaymentCyclePatchSchema = v.object({ name: text(60, 'payment_cycle_name_required') })

/** A period as edited: its days within the session, issued on or before it is due. */
export const PaymentPeriodInputSchema = v.pipe(
  v.object({
    name: text(60, 'payment_period_name_required'),
    startsOn: isoDate,
    endsOn: isoDate,
    issueDate: isoDate,
    dueDate: isoDate,
  }),
  v.forward(
    v.partialCheck(
      [['startsOn'], ['endsOn']],
      ({ startsOn, endsOn }) => endsOn >= startsOn,
      'end_before_start',
    ),
    ['endsOn'],
  ),
  v.forward(
    v.partialCheck(
      [['issueDate'], ['dueDate']],
      ({ issueDate, dueDate }) => dueDate >= issueDate,
      'due_before_issue',
    ),
    ['dueDate'],
  ),
)
export type PaymentPeriodInput = v.InferInput<typeof PaymentPeriodInputSchema>

/**
 * Which part of the configuration a grid shows: a session, and optionally one campus and one
 * group (absent = the amounts for every campus / group); recurring heads' amounts are per cycle.
 */
export const FeeConfigScopeSchema = v.object({
  academicSessionId: id,
  campusId: v.optional(v.nullable(id), null),
  groupId: v.optional(v.nullable(id), null),
  cycleId: v.optional(v.nullable(id), null),
})
export type FeeConfigScope = v.InferInput<typeof FeeConfigScopeSchema>
/** A grid's read: without a session, the current one's. */
export const FeeConfigQuerySchema = v.object({
  ...FeeConfigScopeSchema.entries,
  academicSessionId: v.optional(id),
})

export const FeeConfigCellSchema = v.object({
  classId: v.string(),
  feeHeadId: v.string(),
  amountMinor: v.number(),
})
export type FeeConfigCell = v.InferOutput<typeof FeeConfigCellSchema>
export const FeeConfigGridSchema = v.object({ cells: v.array(FeeConfigCellSchema) })
export type FeeConfigGrid = v.InferOutput<typeof FeeConfigGridSchema>

/** The cells changed in a grid, saved at once: an amount, or null to remove it. */
export const FeeConfigSaveSchema = v.object({
  ...FeeConfigScopeSchema.entries,
  changes: v.pipe(
    v.array(
      v.object({
        classId: id,
        feeHeadId: id,
        amountMinor: v.nullable(MinorUnitsSchema),
      }),
    ),
    v.maxLength(5000, 'must_be_at_most'),
  ),
})
export type FeeConfigSave = v.InferInput<typeof FeeConfigSaveSchema>
export const FeeConfigSaveResultSchema = v.object({
  ...FeeConfigGridSchema.entries,
  changed: v.number(),
})

/** Copies a session's whole configuration to another, changed by a percentage and rounded. */
export const FeeConfigCopySchema = v.object({
  fromSessionId: id,
  toSessionId: id,
  changeBp: v.optional(
    v.pipe(
      v.number('not_whole_number'),
      v.integer('not_whole_number'),
      v.minValue(-10_000, 'must_be_at_least'),
      v.maxValue(100_000, 'must_be_at_most'),
    ),
    0,
  ),
  rounding: v.optional(v.picklist(feeRoundings), 'minor'),
})
export type FeeConfigCopy = v.InferInput<typeof FeeConfigCopySchema>
/** How many amounts were written, and how many had no cycle of the same name in the target. */
export const FeeConfigCopyResultSchema = v.object({ copied: v.number(), skipped: v.number() })

export const FeeOverrideSchema = v.object({
  id: v.string(),
  studentId: v.string(),
  studentCode: v.string(),
  studentName: v.string(),
  feeHeadId: v.string(),
  academicSessionId: v.string(),
  amountMinor: v.nullable(v.number()),
  excluded: v.boolean(),
  reason: v.string(),
})
export type FeeOverride = v.InferOutput<typeof FeeOverrideSchema>
export const FeeOverrideListSchema = v.object({ data: v.array(FeeOverrideSchema) })

/** Overrides are read per student, or per session and (optionally) head. */
export const FeeOverrideQuerySchema = v.object({
  studentId: v.optional(id),
  academicSessionId: v.optional(id),
  feeHeadId: v.optional(id),
})
export type FeeOverrideQuery = v.InferInput<typeof FeeOverrideQuerySchema>

/** The students of a class in a session, to choose whom an own fee is set for at once. */
export const ClassStudentsQuerySchema = v.object({ academicSessionId: id, classId: id })
export type ClassStudentsQuery = v.InferInput<typeof ClassStudentsQuerySchema>
export const ClassStudentListSchema = v.object({
  data: v.array(
    v.object({
      studentId: v.string(),
      studentCode: v.string(),
      studentName: v.string(),
      sectionName: v.nullable(v.string()),
      roll: v.number(),
    }),
  ),
})
export type ClassStudent = v.InferOutput<typeof ClassStudentListSchema>['data'][number]

const overrideTarget = {
  studentIds: v.pipe(
    v.array(id),
    v.minLength(1, 'override_students_required'),
    v.maxLength(1000, 'must_be_at_most'),
  ),
  feeHeadId: id,
  academicSessionId: id,
}

/** A student's (or several students') own amount of a head for a session, or the head left out. */
export const FeeOverrideInputSchema = v.pipe(
  v.object({
    ...overrideTarget,
    amountMinor: v.optional(v.nullable(MinorUnitsSchema), null),
    excluded: v.optional(v.boolean(), false),
    reason: optionalText(200),
  }),
  v.forward(
    v.partialCheck(
      [['amountMinor'], ['excluded']],
      ({ amountMinor, excluded }) => excluded === (amountMinor === null),
      'override_amount_required',
    ),
    ['amountMinor'],
  ),
)
export type FeeOverrideInput = v.InferInput<typeof FeeOverrideInputSchema>
export const FeeOverrideRemoveSchema = v.object(overrideTarget)
export type FeeOverrideRemove = v.InferInput<typeof FeeOverrideRemoveSchema>
export const FeeOverrideResultSchema = v.object({ changed: v.number() })
