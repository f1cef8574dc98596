import * as v from 'valibot'
import { tenderMethods } from './collection-search.ts'
import { voucherTypes } from './accounting-queries.ts'
import { minor } from './minor-units.ts'
import { agingBuckets, type AgingBucket } from './reports.ts'

/*
 * The dashboards' figures (GET /api/reports/dashboard). Each tile is the summary of a report
 * and is sent only to users who may read that report: null otherwise.
 */

/**
 * Money collected (the counter's tenders of receipts that stand: the paid report's "received")
 * against money billed (invoice lines issued, less credit notes issued: Fee receivable's
 * debits less its credit notes) over some days. Each null for a user who may not read its
 * report (paid report, due report).
 */
const CollectionFiguresSchema = v.object({
  from: v.string(),
  to: v.string(),
  collectedMinor: v.nullable(minor),
  billedMinor: v.nullable(minor),
})
export type CollectionFigures = v.InferOutput<typeof CollectionFiguresSchema>

const TrendMonthSchema = v.object({
  /** YYYY-MM */
  month: v.string(),
  from: v.string(),
  to: v.string(),
  collectedMinor: minor,
  billedMinor: minor,
})
export type TrendMonth = v.InferOutput<typeof TrendMonthSchema>

const ClassDueSchema = v.object({
  /** null: students owing without a class in the invoice's session. */
  classId: v.nullable(v.string()),
  className: v.nullable(v.string()),
  students: v.number(),
  principalMinor: minor,
})

const MethodReceiptsSchema = v.object({
  method: v.picklist(tenderMethods),
  receipts: v.number(),
  amountMinor: minor,
})

/** Students sharing a guardian's phone, by what they owe past its due date. */
const OverdueFamilySchema = v.object({
  students: v.array(v.object({ id: v.string(), name: v.string(), studentCode: v.string() })),
  overdueMinor: minor,
})

const LatestVoucherSchema = v.object({
  id: v.string(),
  reference: v.string(),
  type: v.picklist(voucherTypes),
  date: v.string(),
  narration: v.string(),
  total: minor,
})

export const DashboardSchema = v.object({
  asOf: v.string(),
  today: CollectionFiguresSchema,
  month: CollectionFiguresSchema,
  /** The 12 months to the day's, oldest first (paid and due report readers). */
  trend: v.nullable(v.array(TrendMonthSchema)),
  /** Principal owed as of the day per class of the invoice's session (due report readers). */
  duesByClass: v.nullable(v.array(ClassDueSchema)),
  /** Principal owed as of the day per aging bucket, as the due report buckets it. */
  aging: v.nullable(
    v.object(
      Object.fromEntries(agingBuckets.map((b) => [b, minor])) as Record<AgingBucket, typeof minor>,
    ),
  ),
  /** This month's tenders of receipts that stand, per method (paid report readers). */
  receiptsByMethod: v.nullable(v.array(MethodReceiptsSchema)),
  /** The five families owing most past due (due report readers). */
  topFamilies: v.nullable(v.array(OverdueFamilySchema)),
  /** The five vouchers posted last (voucher readers). */
  latestVouchers: v.nullable(v.array(LatestVoucherSchema)),
})
export type Dashboard = v.InferOutput<typeof DashboardSchema>
