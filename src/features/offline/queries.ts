import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { session } from '../../lib/session.ts'

/*
 * What this device keeps of the signed-in user's reads (the offline read store), and the
 * changes the "Saved for offline" page makes to it. Nothing here goes to the server.
 */

/** What this device keeps for offline reading. */
export const offlineKey = ['offline'] as const

const savedKey = [...offlineKey, 'saved'] as const
const store = () => import('../../lib/stored-reads.ts')

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

function useStoreChange<T>(change: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedKey }),
  })
}

export const usePinRead = () =>
  useStoreChange(async ({ key, pinned }: { key: string; pinned: boolean }) =>
    (await store()).pinRead(key, pinned),
  )

export const useRemoveReads = () =>
  useStoreChange(async (keys: string[]) => (await store()).removeStoredReads(keys))
