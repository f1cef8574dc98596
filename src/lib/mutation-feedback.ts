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
