import * as v from 'valibot'
import { tenderMethods } from './collection-search.ts'
import { isoDate } from './dates.ts'
import { listQuerySchema } from './list.ts'
import { maxLineAmount } from './minor-units.ts'
import { id } from './primitives.ts'

/*
 * The reports' filters, apart from their answers: a report's filters are its page's search
 * params and its API query alike (one schema), so a report is a link one can bookmark and send;
 * the staff app's route tree validates them on every page, so they are all it loads of the
 * reports before a report opens. An unknown filter is refused (`unknown_filter`).
 */

/** An amount in minor units typed into a filter: from a query string or a search param. */
const minorFilter = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(Number),
  v.number('not_a_number'),
  v.integer('amount_fraction'),
  v.minValue(0, 'amount_negative'),
  v.maxValue(maxLineAmount, 'amount_too_large'),
)

/** Where students are placed in the session of the invoice a figure comes from. */
const placementFilters = {
  academicSessionId: v.optional(id),
  campusId: v.optional(id),
  classId: v.optional(id),
  groupId: v.optional(id),
  sectionId: v.optional(id),
  feeHeadId: v.optional(id),
}

/**
 * `/due-report` and `GET /api/reports/due`: what is owed as of a day (today in the institute's
 * calendar when not given), narrowed by placement, head, what a family owes in all or one
 * family; `q` finds a student by name or student ID.
 */
const dueFilters = {
  q: listQuerySchema(['student']).entries.q,
  asOf: v.optional(isoDate),
  ...placementFilters,
  /** Only families (students sharing a guardian's phone) owing more than this in all. */
  familyOwesOver: v.optional(minorFilter),
  /** Only this student's family (the dashboard's families owing most). */
  familyOf: v.optional(id),
}

export const DueReportQuerySchema = v.strictObject(
  { ...listQuerySchema(['student', 'dueDate', 'principal']).entries, ...dueFilters },
  'unknown_filter',
)
export type DueReportQuery = v.InferOutput<typeof DueReportQuerySchema>
export type DueReportSearch = v.InferInput<typeof DueReportQuerySchema>

/** `GET /api/reports/due/fines`: the fine total of a due report's lines — its filters alone. */
export const DueFinesQuerySchema = v.strictObject(dueFilters, 'unknown_filter')
export type DueFinesQuery = v.InferOutput<typeof DueFinesQuerySchema>

/** How the paid report groups its receipts. */
export const paidGroupings = ['day', 'class', 'head', 'method', 'cashier'] as const
export type PaidGrouping = (typeof paidGroupings)[number]

/** A receipt as the paid report shows it: issued, or cancelled since. */
export const paidStatuses = ['issued', 'cancelled'] as const

/**
 * `/paid-report` and `GET /api/reports/paid`: the receipts of a period (`from`–`to`, this month
 * to today unless given), narrowed by placement (in the session chosen, else the current one),
 * head paid, payment method, cashier and status, grouped by day, class, head, method or cashier;
 * `q` finds a receipt number or a payer's name or student ID.
 */
export const PaidReportQuerySchema = v.strictObject(
  {
    ...listQuerySchema(['receivedOn', 'number', 'amount']).entries,
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    ...placementFilters,
    method: v.optional(v.picklist(tenderMethods, 'unknown_tender_method')),
    cashierId: v.optional(id),
    status: v.optional(v.picklist(paidStatuses, 'invalid_value')),
    groupBy: v.optional(v.picklist(paidGroupings, 'invalid_value'), 'day'),
  },
  'unknown_filter',
)
export type PaidReportQuery = v.InferOutput<typeof PaidReportQuerySchema>

/**
 * `/dashboard/analytics`, `/old-dashboard` and `GET /api/reports/dashboard`: the institute's
 * figures as of a day (today in the institute's calendar unless given).
 */
export const DashboardQuerySchema = v.strictObject({ asOf: v.optional(isoDate) }, 'unknown_filter')
export type DashboardQuery = v.InferOutput<typeof DashboardQuerySchema>

/**
 * `/student-ledger` and `GET /api/reports/student-ledger`: one student's fee ledger for a period
 * (`from`–`to`, the fiscal year's start to today unless given). The page opens without a
 * student (the search picks one); the API refuses none (`required` on `studentId`).
 */
export const StudentLedgerQuerySchema = v.strictObject(
  {
    studentId: v.optional(id),
    from: v.optional(isoDate),
    to: v.optional(isoDate),
  },
  'unknown_filter',
)
export type StudentLedgerQuery = v.InferOutput<typeof StudentLedgerQuerySchema>
/** A period's figures of the head-wise ledger, each a column a reader can drill into. */
export const headLedgerFigures = [
  'opening',
  'billed',
  'concessions',
  'vat',
  'cancelledInvoices',
  'collected',
  'cancelledReceipts',
  'fines',
  'closing',
] as const
export type HeadLedgerFigure = (typeof headLedgerFigures)[number]

const period = { from: v.optional(isoDate), to: v.optional(isoDate) }

/**
 * `GET /api/reports/head-ledger`: per fee head, a period's figures (`from`–`to`, this month to
 * today unless given), students narrowed by placement in the invoice's session; `feeHeadId`
 * keeps one head.
 */
export const HeadLedgerQuerySchema = v.strictObject(
  { ...period, ...placementFilters },
  'unknown_filter',
)
export type HeadLedgerQuery = v.InferOutput<typeof HeadLedgerQuerySchema>

/** `GET /api/reports/head-ledger/lines`: the lines one figure of one head is made of, paged. */
export const HeadLedgerLinesQuerySchema = v.strictObject(
  {
    ...period,
    ...placementFilters,
    feeHeadId: id,
    figure: v.picklist(headLedgerFigures, 'invalid_value'),
    page: listQuerySchema(['day']).entries.page,
    perPage: listQuerySchema(['day']).entries.perPage,
  },
  'unknown_filter',
)
export type HeadLedgerLinesQuery = v.InferOutput<typeof HeadLedgerLinesQuerySchema>

/**
 * `/head-wise-ledger`: the ledger's filters, and the figure drilled into (of the head kept by
 * `feeHeadId`) with its page of lines.
 */
export const HeadLedgerSearchSchema = v.strictObject(
  {
    ...HeadLedgerQuerySchema.entries,
    figure: v.optional(HeadLedgerLinesQuerySchema.entries.figure),
    page: HeadLedgerLinesQuerySchema.entries.page,
    perPage: HeadLedgerLinesQuerySchema.entries.perPage,
  },
  'unknown_filter',
)
export type HeadLedgerSearch = v.InferOutput<typeof HeadLedgerSearchSchema>

/** The head-wise summaries' second axis and what their cells measure. */
export const headSummaryAxes = ['class', 'month'] as const
export type HeadSummaryAxis = (typeof headSummaryAxes)[number]
export const headSummaryMeasures = ['billed', 'collected', 'due'] as const
export type HeadSummaryMeasure = (typeof headSummaryMeasures)[number]

/**
 * `/head-wise-summaries` and `GET /api/reports/head-summaries`: a matrix of fee heads by class
 * or by month (`by`) of what was billed, collected or is due (`measure`) over a period (the last
 * twelve months to today unless given), narrowed by placement.
 */
export const HeadSummariesQuerySchema = v.strictObject(
  {
    ...period,
    ...placementFilters,
    by: v.optional(v.picklist(headSummaryAxes, 'invalid_value'), 'class'),
    measure: v.optional(v.picklist(headSummaryMeasures, 'invalid_value'), 'billed'),
  },
  'unknown_filter',
)
export type HeadSummariesQuery = v.InferOutput<typeof HeadSummariesQuerySchema>
