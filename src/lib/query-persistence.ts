import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { Query, QueryClient } from '@tanstack/react-query'
import { persistQueryClient } from '@tanstack/react-query-persist-client'

/**
 * Reference data (queries marked `meta: { persist: true }`) survives reloads and offline starts.
 * The buster is the app version, so a new release never reads an older release's shapes.
 * Resolves once the saved cache (under `key` in local storage) is back in `queryClient`; from
 * then on changes are saved.
 */
export async function persistQueryCache(queryClient: QueryClient, key: string): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: createSyncStoragePersister({ storage: window.localStorage, key }),
    buster: __APP_VERSION__,
    maxAge: 7 * 24 * 60 * 60 * 1000,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        query.state.status === 'success' && query.meta?.persist === true,
    },
  })
  await restored
}
