import { refreshAbility } from './ability.ts'
import { persistedCacheKey, queryClient } from './query-client.ts'
import { session } from './session.ts'

/**
 * Forgets everything this browser holds for the signed-in user: tokens, userData, the query
 * cache (in memory and persisted) and their cached reports. Institute PCs are shared.
 */
export async function forgetSession(): Promise<void> {
  const userId = session.userData()?.id
  session.clear()
  refreshAbility()
  queryClient.clear()
  localStorage.removeItem(persistedCacheKey)
  if (userId) {
    const { offlineDb } = await import('./offline-db.ts')
    await offlineDb.reports.where('userId').equals(userId).delete()
  }
}
