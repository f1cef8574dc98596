import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  DueFinesSchema,
  DueReportSchema,
  HeadLedgerLinesSchema,
  HeadLedgerSchema,
  HeadSummariesSchema,
  PaidReportSchema,
} from '../../shared/schemas/reports.ts'
import {
  DueFinesQuerySchema,
  type DueFinesQuery,
  type DueReportQuery,
  type HeadLedgerLinesQuery,
  type HeadLedgerQuery,
  type HeadSummariesQuery,
  type PaidReportQuery,
} from '../../shared/schemas/report-search.ts'

/** Every report's reads: nothing changes them but the fee chain, which they are read after. */
export const reportsKey = ['reports'] as const

/** /due-report: what is owed as of a day, as filtered (kept offline per filters). */
export const dueReportQuery = (search: DueReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'due', search],
    ...storedRead(`reports/due?${toSearchParams(search)}`, DueReportSchema, '/due-report'),
    placeholderData: keepPreviousData,
  })

/**
 * The fine total of /due-report's filters, read apart from the report (every fined line's fine
 * is computed): its page and order do not change it, so only the filters key it (the object
 * schema drops the rest). Kept offline per filters.
 */
export const dueFinesQuery = (search: DueReportQuery) => {
  const filters: DueFinesQuery = v.parse(v.object(DueFinesQuerySchema.entries), search)
  return queryOptions({
    queryKey: [...reportsKey, 'due-fines', filters],
    ...storedRead(`reports/due/fines?${toSearchParams(filters)}`, DueFinesSchema, '/due-report'),
    placeholderData: keepPreviousData,
  })
}

/** /paid-report: the receipts of a period, as filtered and grouped (kept offline per filters). */
export const paidReportQuery = (search: PaidReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'paid', search],
    ...storedRead(`reports/paid?${toSearchParams(search)}`, PaidReportSchema, '/paid-report'),
    placeholderData: keepPreviousData,
  })

/** /head-wise-ledger: each head's figures for a period, as filtered (kept offline per filters). */
export const headLedgerQuery = (search: HeadLedgerQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'head-ledger', search],
    ...storedRead(
      `reports/head-ledger?${toSearchParams(search)}`,
      HeadLedgerSchema,
      '/head-wise-ledger',
    ),
    placeholderData: keepPreviousData,
  })

/** The lines of one head's figure on /head-wise-ledger, a page at a time (kept offline too). */
export const headLedgerLinesQuery = (search: HeadLedgerLinesQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'head-ledger-lines', search],
    ...storedRead(
      `reports/head-ledger/lines?${toSearchParams(search)}`,
      HeadLedgerLinesSchema,
      '/head-wise-ledger',
    ),
    placeholderData: keepPreviousData,
  })

/** /head-wise-summaries: a matrix of heads by class or month (kept offline per filters). */
export const headSummariesQuery = (search: HeadSummariesQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'head-summaries', search],
    ...storedRead(
      `reports/head-summaries?${toSearchParams(search)}`,
      HeadSummariesSchema,
      '/head-wise-summaries',
    ),
    placeholderData: keepPreviousData,
  })
