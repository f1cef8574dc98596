import { queryOptions } from '@tanstack/react-query'
import { CounterSearchResultSchema } from '../shared/schemas/applicant-fees.ts'
import { getJson } from './api.ts'
import { toSearchParams } from './search.ts'

/**
 * The counter's search as the cashier types: a lookup, never kept for offline use (every
 * keystroke would leave a copy) and read again for every new text.
 */
export const counterSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['collection', 'search', q],
    queryFn: () => getJson(`collection/search?${toSearchParams({ q })}`, CounterSearchResultSchema),
    enabled: q.trim() !== '',
    staleTime: 10_000,
    retry: false,
  })
