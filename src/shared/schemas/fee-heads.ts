import * as v from 'valibot'
import { id } from './primitives.ts'

/*
 * A fee head as it is read: set up on the fee screens and chosen from on others (reports narrow
 * to a head), so apart from the rest of fee set-up and rules, which those others never load.
 */

export const feeHeadKinds = ['recurring', 'one_time', 'per_event', 'on_demand'] as const
export type FeeHeadKind = (typeof feeHeadKinds)[number]

/** A stored VAT rate of a fee head. */
export const VatRateSchema = v.object({
  id,
  feeHeadId: id,
  rateBp: v.number(),
  inclusive: v.boolean(),
  effectiveFrom: v.string(),
})
export type VatRateRow = v.InferOutput<typeof VatRateSchema>

export const FeeHeadSchema = v.object({
  id: v.string(),
  name: v.string(),
  code: v.string(),
  kind: v.picklist(feeHeadKinds),
  incomeAccountId: v.string(),
  incomeAccount: v.string(),
  /** Its VAT rates, newest first: it carries VAT exactly when it has one (set on the VAT page). */
  vatRates: v.array(VatRateSchema),
  priority: v.number(),
  active: v.boolean(),
  /** Invoiced at least once: it can then be deactivated, not deleted. */
  inUse: v.boolean(),
})
export type FeeHead = v.InferOutput<typeof FeeHeadSchema>
export const FeeHeadListSchema = v.object({ data: v.array(FeeHeadSchema) })
