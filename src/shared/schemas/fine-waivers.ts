import * as v from 'valibot'
import { isoDate } from './dates.ts'
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

/**
 * `?asOf=YYYY-MM-DD` on every read that computes a fine (a line's fine, the counter's family, a
 * family's advances): the day the fine is counted for, today in the institute's calendar when
 * left out. Any day, past or coming: what a line owed then, or will owe if nothing changes.
 */
export const FineAsOfQuerySchema = v.object({ asOf: v.optional(isoDate) })

/** A line's fine as of a day: what the rules ask, what was waived, what is charged. */
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
