import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { minor } from './minor-units.ts'
import { paymentServices } from './payments.ts'
import { reportFileQuery } from './report-file-query.ts'

/** `GET /api/payments/franchise-revenue`: a period (this month to today unless given). */
export const FranchiseRevenueQuerySchema = v.strictObject(
  { from: v.optional(isoDate), to: v.optional(isoDate) },
  'unknown_filter',
)
export type FranchiseRevenueQuery = v.InferOutput<typeof FranchiseRevenueQuerySchema>
export const FranchiseRevenueFileQuerySchema = reportFileQuery(FranchiseRevenueQuerySchema)

const revenueFigures = {
  payments: v.number(),
  /** What the payers paid for the service (surcharges left out). */
  collectedMinor: minor,
  franchiseMinor: minor,
}

/**
 * The platform's share of online payments posted in the period, per institute and service: an
 * institute's staff see their own; the platform's administrators every institute. Totals per
 * currency (institutes may keep different ones).
 */
export const FranchiseRevenueSchema = v.object({
  from: v.string(),
  to: v.string(),
  allInstitutes: v.boolean(),
  rows: v.array(
    v.object({
      instituteId: v.string(),
      instituteName: v.string(),
      service: v.picklist(paymentServices),
      currency: v.string(),
      digits: v.number(),
      ...revenueFigures,
    }),
  ),
  totals: v.array(v.object({ currency: v.string(), digits: v.number(), ...revenueFigures })),
})
export type FranchiseRevenue = v.InferOutput<typeof FranchiseRevenueSchema>
