import type { QueryClient } from '@tanstack/react-query'
import { proxy } from 'valtio'

/*
 * What the offline read store (read-store.ts) tells the screen, kept apart from it so that the
 * layout's banner does not bring the API client into pages that have none (applicants' pages).
 */

export const readStoreState = proxy({
  /** Queries (by hash) on whose data is a stored copy, with the time it was fetched. */
  served: {} as Record<string, number>,
  /** The last read found no server (the network may still look up). */
  unreachable: false,
})

/** Reads the queries on screen again, from the server if it answers. */
export function refreshOnScreen(queryClient: QueryClient) {
  readStoreState.unreachable = false
  return queryClient.refetchQueries({ type: 'active' })
}
