import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

/**
 * A screen's own reaction to a change it asked for (a toast, closing its dialog, going on),
 * passed to an area's mutation hook. The hook sends the request and keeps the cache right; it
 * says in its comment whether the lists are read again before or while `onSuccess` runs.
 */
export interface Feedback<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown
  onError?: (error: Error, variables: TVariables) => unknown
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => unknown
}

/** How an area's change keeps the cache right around the screen's `Feedback`. */
interface ChangeOptions<TData, TVariables> {
  /** What is read again (or set from the answer) once the change succeeded. */
  refresh: (queryClient: QueryClient, data: TData, variables: TVariables) => Promise<unknown>
  /**
   * When the screen's `onSuccess` runs: after `refresh` is done (the default: what it shows next
   * is already read), during it (the screen reacts at once, the lists are read behind it), or
   * before it (the change counts as done once both are).
   */
  screenReacts?: 'after-refresh' | 'during-refresh' | 'before-refresh'
  /** What a failure calls for being read again, after the screen's `onError` has run. */
  refreshOnError?: (
    queryClient: QueryClient,
    error: Error,
    variables: TVariables,
  ) => Promise<unknown>
  feedback: Feedback<TData, TVariables>
}

/** A mutation that sends `mutationFn`, keeps the cache right and runs the screen's feedback. */
export function useChange<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  {
    refresh,
    screenReacts = 'after-refresh',
    refreshOnError,
    feedback,
  }: ChangeOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      if (screenReacts === 'during-refresh') void refresh(queryClient, data, variables)
      else if (screenReacts === 'after-refresh') await refresh(queryClient, data, variables)
      await feedback.onSuccess?.(data, variables)
      if (screenReacts === 'before-refresh') await refresh(queryClient, data, variables)
    },
    onError: refreshOnError
      ? async (error, variables) => {
          await feedback.onError?.(error, variables)
          await refreshOnError(queryClient, error, variables)
        }
      : feedback.onError,
    onSettled: feedback.onSettled,
  })
}
