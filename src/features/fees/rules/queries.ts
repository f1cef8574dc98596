import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import {
  ConcessionListSchema,
  ConcessionOptionsSchema,
  FineRuleListSchema,
  VatHeadListSchema,
  type ConcessionListSearch,
} from '../../../shared/schemas/fee-rules.ts'

/** The fee rules (VAT, fines, concessions): everything under this key is read again on a change. */
export const feeRulesKey = ['fees', 'rules'] as const

export const vatRatesQuery = () =>
  queryOptions({
    queryKey: [...feeRulesKey, 'vat'],
    ...storedRead('fees/vat-rates', VatHeadListSchema, '/vat-config'),
  })

export const fineRulesQuery = () =>
  queryOptions({
    queryKey: [...feeRulesKey, 'fines'],
    ...storedRead('fees/fine-rules', FineRuleListSchema, '/config-fine-management'),
  })

export const concessionsQuery = (search: ConcessionListSearch) =>
  queryOptions({
    queryKey: [...feeRulesKey, 'concessions', search],
    ...storedRead(
      `fees/concessions?${toSearchParams(search)}`,
      ConcessionListSchema,
      '/student-concessions',
    ),
  })

export const concessionOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...feeRulesKey, 'concession-options', q],
    ...storedRead(
      `fees/concessions/options?${toSearchParams({ q })}`,
      ConcessionOptionsSchema,
      '/student-concessions',
    ),
  })

/**
 * Shows a concession's document in a new tab: fetched with the session (the API needs its
 * token), shown from a blob URL. The tab opens before the fetch, or a popup blocker stops it.
 */
export async function openConcessionDocument(id: string): Promise<void> {
  const tab = window.open('', '_blank')
  try {
    const blob = await api.get(`fees/concessions/${id}/document`).blob()
    const url = URL.createObjectURL(blob)
    if (tab) tab.location.href = url
    else window.location.assign(url)
    // The tab has read it by then; the URL need not outlive the minute.
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  } catch (err) {
    tab?.close()
    throw err
  }
}
