import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** An error whose message is safe to show to the client, with an honest status. */
export class ApiException extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: {
      errors?: Record<string, string[]>
      code?: string
      headers?: Record<string, string>
    } = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, code?: string) =>
  new ApiException(400, message, code ? { code } : {})

export const notFound = (message = 'Not found') => new ApiException(404, message)

export const validationFailed = (errors: Record<string, string[]>) =>
  new ApiException(422, 'The given data was invalid.', { errors, code: 'validation_failed' })

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiException(429, 'Too many requests, try again later', {
    code: 'rate_limited',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  })

/** Refused before any work because too much of the same is under way: try again shortly. */
export const serverBusy = (retryAfterSeconds: number) =>
  new ApiException(429, 'The server is busy, try again in a moment.', {
    code: 'server_busy',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  })

/** The SQLSTATE of a PostgreSQL error, also when the query builder wrapped it. */
export function postgresErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}
