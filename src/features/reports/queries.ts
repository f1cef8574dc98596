import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { DueReportSchema, PaidReportSchema } from '../../shared/schemas/reports.ts'
import { type DueReportQuery, type PaidReportQuery } from '../../shared/schemas/report-search.ts'

/** Every report's reads: nothing changes them but the fee chain, which they are read after. */
export const reportsKey = ['reports'] as const

/** /due-report: what is owed as of a day, as filtered (kept offline per filters). */
export const dueReportQuery = (search: DueReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'due', search],
    ...storedRead(`reports/due?${toSearchParams(search)}`, DueReportSchema, '/due-report'),
    placeholderData: keepPreviousData,
  })

/** /paid-report: the receipts of a period, as filtered and grouped (kept offline per filters). */
export const paidReportQuery = (search: PaidReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, 'paid', search],
    ...storedRead(`reports/paid?${toSearchParams(search)}`, PaidReportSchema, '/paid-report'),
    placeholderData: keepPreviousData,
  })
