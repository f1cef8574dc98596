import { HTTPError } from 'ky'
import * as v from 'valibot'
import { ApiErrorSchema, type ApiError } from '../shared/schemas/api-error.ts'

/*
 * Reading a failed call needs only ky's error class, not the API client: the public pages
 * (admission) import these from here and so stay without the client and its token refresh.
 */

/** The API's error body (DESIGN §5) from a failed call, or undefined when there is none. */
export function apiError(err: unknown): ApiError | undefined {
  if (!(err instanceof HTTPError)) return undefined
  const parsed = v.safeParse(ApiErrorSchema, err.data)
  return parsed.success ? parsed.output : undefined
}

export const httpStatus = (err: unknown) =>
  err instanceof HTTPError ? err.response.status : undefined

/** The Retry-After of a refused call (a 429), as the server sent it. */
export const retryAfterHeader = (err: unknown) =>
  err instanceof HTTPError ? (err.response.headers.get('retry-after') ?? undefined) : undefined

/** Fired by the API clients when the server refuses an action the stored rules allowed. */
export const forbiddenEvent = 'app:forbidden'

/** A change the API client refused to send because the browser is offline: nothing was sent. */
export class OfflineWriteError extends Error {
  override name = 'OfflineWriteError'
  constructor() {
    super('offline: the change was not sent')
  }
}

export const isOfflineWrite = (err: unknown) =>
  (err as { name?: unknown } | null)?.name === 'OfflineWriteError'
