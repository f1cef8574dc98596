import * as v from 'valibot'
import { id } from './primitives.ts'

/*
 * The counter's search params, apart from the area's other shapes: the staff app's route tree
 * validates them on every page, so they are all it loads of the area before the page opens.
 */

/**
 * `/payment-collection?studentId=&applicantId=&receiptId=`: the family (or the applicant whose
 * application fee is taken) on screen, the receipt just taken.
 */
export const CounterPageSearchSchema = v.object({
  studentId: v.optional(id),
  applicantId: v.optional(id),
  receiptId: v.optional(id),
})

/** `/payment-collection/day?day=&cashierId=`: a cashier's day (today and oneself by default). */
export const DayPageSearchSchema = v.object({
  day: v.optional(v.pipe(v.string(), v.isoDate('invalid_date'))),
  cashierId: v.optional(id),
})
export type DayPageSearch = v.InferOutput<typeof DayPageSearchSchema>

/** `/advance-override?studentId=`: the family whose advances are on screen. */
export const AdvancePageSearchSchema = v.object({ studentId: v.optional(id) })

/** How money comes to the counter: the tenders a payment is made of. */
export const counterTenderMethods = ['cash', 'bank', 'cheque', 'card', 'mobile'] as const
export type CounterTenderMethod = (typeof counterTenderMethods)[number]
/** How money comes at all: the counter's ways, and online through a gateway (never typed in). */
export const tenderMethods = [...counterTenderMethods, 'online'] as const
export type TenderMethod = (typeof tenderMethods)[number]
