import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query'
import { shouldRetryRead } from './read-through.ts'
import { workingInstituteKey } from './working-institute.ts'

export const persistedCacheKey = 'query-cache'

/*
 * Offline, a read is tried once and answers at once (from the offline read store, or with an
 * error the page shows in place); TanStack's "online" mode would instead hold it, and the page
 * waiting for it, until the network returns. A write is never held back to be sent later
 * without the user seeing it: offline, the API client refuses it at once.
 */
/**
 * A query's hash names the institute a platform administrator chose in this tab (README
 * "Tenancy"), so one institute's answers, in memory or in the saved cache, never show for
 * another. Read raw from session storage: it is computed on every render.
 */
export function queryHashOf(queryKey: QueryKey): string {
  const chosen =
    typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(workingInstituteKey)
  return chosen ? hashKey([{ workingInstitute: chosen }, ...queryKey]) : hashKey(queryKey)
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60 * 1000,
      networkMode: 'offlineFirst',
      retry: shouldRetryRead,
      queryKeyHashFn: queryHashOf,
    },
    mutations: { networkMode: 'always' },
  },
})

/*
 * The saved cache (src/lib/query-persistence.ts) is a download of its own: a signed-in user's
 * start waits for it, a visitor's public page renders first and reads it only as a fallback.
 */
let markRestored: () => void = () => undefined
/** Settles once the saved cache has been restored, or its restore has failed. */
export const cacheRestored = new Promise<void>((resolve) => (markRestored = resolve))

/** Restores the saved cache into `queryClient` and keeps saving it. */
export function restoreQueryCache(): Promise<void> {
  return import('./query-persistence.ts')
    .then((m) => m.persistQueryCache(queryClient, persistedCacheKey))
    .catch(() => undefined)
    .finally(markRestored)
}

/** The public pages keep no saved cache (src/public-app): their loaders need not wait for one. */
export function withoutSavedCache(): void {
  markRestored()
}
