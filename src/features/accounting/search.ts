import * as v from 'valibot'
import { fiscalYearStartOf } from '../../shared/fiscal-year.ts'
import type { AccountingCalendar } from '../../shared/schemas/accounting.ts'
import {
  AccountListQuerySchema,
  type AccountListSearch,
  LedgerQuerySchema,
  TrialBalanceQuerySchema,
} from '../../shared/schemas/accounting-queries.ts'

const chartViews = ['tree', 'list'] as const

/** /coa: the tree, or the paged list with its own search. */
export const ChartSearchSchema = v.object({
  ...AccountListQuerySchema.entries,
  view: v.optional(v.picklist(chartViews), 'tree'),
})
export type ChartSearch = v.InferOutput<typeof ChartSearchSchema>
/** A change to /coa's search: the view, or the list's query, page and sort. */
export type ChartSearchChange = (next: Partial<ChartSearch>) => void

/** What the server's list is asked: the search without the view. */
export function accountListSearch(search: ChartSearch): AccountListSearch {
  const { view, ...list } = search
  void view
  return list
}

/** /vouchers/ledger: nothing is asked of the server until an account is chosen. */
export const LedgerSearchSchema = v.partial(LedgerQuerySchema)
export type LedgerSearch = v.InferOutput<typeof LedgerSearchSchema>

/**
 * The period a ledger covers: the URL's, else the current fiscal year up to today, both in the
 * institute's calendar (not the device's).
 */
export function ledgerPeriod(search: LedgerSearch, calendar: AccountingCalendar) {
  const { today, fiscalYearStartMonth } = calendar
  return {
    from: search.from ?? fiscalYearStartOf(today, fiscalYearStartMonth),
    to: search.to ?? today,
  }
}

/**
 * The ledger behind an account's trial-balance figure on `asOf`: its fiscal year up to that day,
 * so that the closing balance is the figure and the opening what earlier years brought forward.
 */
export const ledgerUpTo = (
  accountId: string,
  asOf: string,
  calendar: AccountingCalendar,
): LedgerSearch => ({
  accountId,
  from: fiscalYearStartOf(asOf, calendar.fiscalYearStartMonth),
  to: asOf,
})

/** /vouchers/trial-balance: as of the institute's today unless a day is chosen. */
export const TrialBalanceSearchSchema = v.partial(TrialBalanceQuerySchema)
export type TrialBalanceSearch = v.InferOutput<typeof TrialBalanceSearchSchema>
