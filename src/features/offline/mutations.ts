import { useMutation, useQueryClient } from '@tanstack/react-query'
import { savedKey, store } from './queries.ts'

/* Pinning and removing what this device keeps for offline reading; nothing goes to the server. */

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
