import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient, type Query } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'

export const persistedCacheKey = 'query-cache'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000, retry: 1 },
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
