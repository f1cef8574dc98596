import { queryOptions } from '@tanstack/react-query'
import { session } from '../../lib/session.ts'

/*
 * What this device keeps of the signed-in user's reads (the offline read store); the changes
 * the "Saved for offline" page makes to it are in mutations.ts. Nothing here goes to the server.
 */

/** What this device keeps for offline reading. */
export const offlineKey = ['offline'] as const

export const savedKey = [...offlineKey, 'saved'] as const
export const store = () => import('../../lib/stored-reads.ts')

export const savedReadsQuery = () =>
  queryOptions({
    queryKey: [...savedKey, session.userData()?.id ?? ''],
    queryFn: async () => {
      const { storedReadsOf, unpinnedLimitBytes } = await store()
      const userId = session.userData()?.id
      return { rows: userId ? await storedReadsOf(userId) : [], limit: unpinnedLimitBytes }
    },
    staleTime: 0,
  })
