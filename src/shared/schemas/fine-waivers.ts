import * as v from 'valibot'
import { MinorUnitsSchema } from './minor-units.ts'

/* Waivers of late fines: at the counter and on an invoice, the same shapes. */

/** Waiving (part of) a line's fine: without an amount, the whole of its fine as of today. */
export const FineWaiverRequestSchema = v.object({
  amountMinor: v.optional(
    v.nullable(v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_negative'))),
    null,
  ),
  reason: v.pipe(
    v.string('fine_waiver_reason_required'),
    v.trim(),
    v.nonEmpty('fine_waiver_reason_required'),
    v.maxLength(500, 'too_long'),
  ),
})
export type FineWaiverRequest = v.InferOutput<typeof FineWaiverRequestSchema>
export type FineWaiverRequestInput = v.InferInput<typeof FineWaiverRequestSchema>

export const FineWaiverRowSchema = v.object({
  id: v.string(),
  waivedOn: v.string(),
  amountMinor: v.number(),
  reason: v.string(),
  createdByName: v.nullable(v.string()),
  createdAt: v.string(),
})
export type FineWaiverRow = v.InferOutput<typeof FineWaiverRowSchema>

/** A line's fine as of today: what the rules ask, what was waived, what is charged. */
export const LineFineSchema = v.object({
  invoiceId: v.string(),
  lineId: v.string(),
  asOf: v.string(),
  fineMinor: v.number(),
  waivedMinor: v.number(),
  chargedMinor: v.number(),
  waivers: v.array(FineWaiverRowSchema),
})
export type LineFine = v.InferOutput<typeof LineFineSchema>
