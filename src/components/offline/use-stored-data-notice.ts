import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { subscribe } from 'valtio'
import { readStoreState } from '../../lib/read-store-state.ts'

interface StoredDataNotice {
  /** Why stored data is on screen: no network, or a server that does not answer. */
  reason: 'offline' | 'unreachable'
  /** When the oldest data on screen was fetched. */
  asOf: number
}

/**
 * Whether the page shows data that did not come from the server just now: a stored copy, or
 * anything read while the browser is offline. Encoded as a string so React compares it cheaply.
 */
function snapshotOf(queryClient: ReturnType<typeof useQueryClient>): string {
  const online = navigator.onLine
  let asOf = Infinity
  let served = false
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!query.isActive() || query.meta?.storedRead !== true || query.state.data === undefined)
      continue
    const storedAt = readStoreState.served[query.queryHash]
    if (storedAt !== undefined) served = true
    else if (online) continue
    asOf = Math.min(asOf, storedAt ?? query.state.dataUpdatedAt)
  }
  if (asOf === Infinity) return ''
  return `${online && served ? 'unreachable' : 'offline'}:${asOf}`
}

export function useStoredDataNotice(): StoredDataNotice | undefined {
  const queryClient = useQueryClient()
  const listen = useCallback(
    (onChange: () => void) => {
      const stopCache = queryClient.getQueryCache().subscribe(onChange)
      const stopStore = subscribe(readStoreState, onChange)
      window.addEventListener('online', onChange)
      window.addEventListener('offline', onChange)
      return () => {
        stopCache()
        stopStore()
        window.removeEventListener('online', onChange)
        window.removeEventListener('offline', onChange)
      }
    },
    [queryClient],
  )
  const snapshot = useSyncExternalStore(listen, () => snapshotOf(queryClient))
  if (!snapshot) return undefined
  const [reason, asOf] = snapshot.split(':')
  return { reason: reason as StoredDataNotice['reason'], asOf: Number(asOf) }
}
