import { useSyncExternalStore } from 'react'

const unchanging = () => () => undefined

/**
 * A value only the browser knows (today's date, the page's address, what the browser can do,
 * a time in the visitor's time zone): `onServer` when rendered on the server and while the
 * browser hydrates that HTML (so the two match), the browser's own right after. `read` must
 * return a primitive, or the same object while nothing changed.
 */
export function useClientValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(unchanging, read, () => onServer)
}
