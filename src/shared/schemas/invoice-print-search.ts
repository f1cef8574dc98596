import * as v from 'valibot'
import { id } from './primitives.ts'

/* /invoice-prints' search, apart from what prints: the route validates it on every first load. */

const page = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(Number),
  v.number('not_a_number'),
  v.integer('not_whole_number'),
  v.minValue(1, 'must_be_at_least'),
  v.maxValue(10_000, 'must_be_at_most'),
)

/**
 * Which invoices to print: one (`invoiceId`), a group run's (`runId`), or a session's
 * (optionally one period's) for a class or a section. Cancelled invoices and credit notes are
 * left out.
 */
export const InvoicePrintSearchSchema = v.object({
  invoiceId: v.optional(id),
  runId: v.optional(id),
  academicSessionId: v.optional(id),
  periodId: v.optional(id),
  classId: v.optional(id),
  sectionId: v.optional(id),
  page: v.optional(page, 1),
})
export type InvoicePrintSearch = v.InferOutput<typeof InvoicePrintSearchSchema>
