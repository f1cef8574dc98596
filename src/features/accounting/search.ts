import * as v from 'valibot'
import { todayIso, yearStartIso } from '../../lib/dates.ts'
import {
  AccountListQuerySchema,
  type AccountListSearch,
  LedgerQuerySchema,
  TrialBalanceQuerySchema,
} from '../../shared/schemas/accounting.ts'

export const chartViews = ['tree', 'list'] as const

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

/** The period a ledger covers: the URL's, else this calendar year up to today. */
export function ledgerPeriod(search: LedgerSearch, now = new Date()) {
  return { from: search.from ?? yearStartIso(now), to: search.to ?? todayIso(now) }
}

/** /vouchers/trial-balance: as of today unless a day is chosen. */
export const TrialBalanceSearchSchema = v.partial(TrialBalanceQuerySchema)
export type TrialBalanceSearch = v.InferOutput<typeof TrialBalanceSearchSchema>
