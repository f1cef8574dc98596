import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient, type Query } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { shouldRetryRead } from './read-through.ts'

export const persistedCacheKey = 'query-cache'

/*
 * Offline, a read is tried once and answers at once (from the offline read store, or with an
 * error the page shows in place); TanStack's "online" mode would instead hold it, and the page
 * waiting for it, until the network returns. A write is never held back to be sent later
 * without the user seeing it: offline, the API client refuses it at once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60 * 1000,
      networkMode: 'offlineFirst',
      retry: shouldRetryRead,
    },
    mutations: { networkMode: 'always' },
  },
})

/**
 * Reference data (queries marked `meta: { persist: true }`) survives reloads and offline starts.
 * The buster is the app version, so a new release never reads an older release's shapes.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({ storage: window.localStorage, key: persistedCacheKey }),
  buster: __APP_VERSION__,
  maxAge: 7 * 24 * 60 * 60 * 1000,
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) =>
      query.state.status === 'success' && query.meta?.persist === true,
  },
}
