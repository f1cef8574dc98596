import { refreshAbility } from './ability.ts'
import { persistedCacheKey, queryClient } from './query-client.ts'
import { forgetExports } from './report-exports.ts'
import { session } from './session.ts'
import { forgetWorkingInstitute } from './working-institute.ts'

/** Where an admin's own session waits while they act as someone else (this tab only). */
export const impersonatorKey = 'impersonator'

/**
 * Forgets everything this browser holds for the signed-in user: tokens, userData, the query
 * cache (in memory and persisted) and their stored reads. Institute PCs are shared. An
 * admin's own session kept aside during an impersonation goes too, unless one is starting.
 */
export async function forgetSession(opts: { keepImpersonator?: boolean } = {}): Promise<void> {
  const userId = session.userData()?.id
  session.clear()
  forgetWorkingInstitute()
  if (!opts.keepImpersonator) sessionStorage.removeItem(impersonatorKey)
  refreshAbility()
  forgetExports()
  queryClient.clear()
  localStorage.removeItem(persistedCacheKey)
  if (userId) {
    const { forgetStoredReads } = await import('./stored-reads.ts')
    await forgetStoredReads({ of: userId })
  }
}
