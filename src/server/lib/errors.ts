import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isErrorCode, type ErrorCode } from '../../shared/errors/catalogue.ts'
import type { ApiError, ErrorDetail, ErrorValues } from '../../shared/schemas/api-error.ts'
import { englishText } from './messages.ts'

/**
 * A refusal with an honest status: a code of the catalogue and the values its message names.
 * The answer carries both, and the English text for other clients and the logs.
 */
export class ApiException extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly values?: ErrorValues,
    readonly extra: {
      fields?: Record<string, ErrorDetail[]>
      headers?: Record<string, string>
    } = {},
  ) {
    super(englishText(code, values))
  }
}

/**
 * What was asked for lives at another address now (an institute's old slug): answered as a
 * redirect, 308 by default so a POST or PUT is repeated there as sent.
 */
export class Moved extends Error {
  constructor(
    readonly location: string,
    readonly status: 301 | 308 = 308,
  ) {
    super(`moved to ${location}`)
  }
}

export const refuse = (status: ContentfulStatusCode, code: ErrorCode, values?: ErrorValues) =>
  new ApiException(status, code, values)

export const badRequest = (code: ErrorCode) => new ApiException(400, code)

export const notFound = (code: ErrorCode = 'not_found') => new ApiException(404, code)

/** One field's refusal: a bare code, a code with values, or several. */
export type FieldRefusal = ErrorCode | ErrorDetail | readonly ErrorDetail[]

const fieldDetails = (refusals: Record<string, FieldRefusal>) =>
  Object.fromEntries(
    Object.entries(refusals).map(([field, r]) => [
      field,
      typeof r === 'string'
        ? [{ code: r }]
        : 'code' in r
          ? [r as ErrorDetail]
          : [...(r as ErrorDetail[])],
    ]),
  )

/**
 * 409, the one way to refuse a request that is well formed but collides with what is stored or
 * with a record's state: `values` fill the message; `fields` name the form fields whose values
 * collide, so a form shows the refusal where it belongs.
 */
export function conflict(
  code: ErrorCode,
  { values, fields }: { values?: ErrorValues; fields?: Record<string, FieldRefusal> } = {},
) {
  return new ApiException(409, code, values, fields && { fields: fieldDetails(fields) })
}

/** 422 naming each refused field: `validationFailed({ glCode: 'gl_code_shape' })`. */
export const validationFailed = (refusals: Record<string, FieldRefusal>) =>
  new ApiException(422, 'validation_failed', undefined, { fields: fieldDetails(refusals) })

/** The English of each field's refusals, as a 422's `errors` carries them. */
export const fieldTexts = (fields: Record<string, ErrorDetail[]>) =>
  Object.fromEntries(
    Object.entries(fields).map(([field, details]) => [
      field,
      details.map((d) => (isErrorCode(d.code) ? englishText(d.code, d.values) : d.code)),
    ]),
  )

export const tooManyRequests = (retryAfterSeconds: number) =>
  withRetryAfter(new ApiException(429, 'rate_limited'), retryAfterSeconds)

/** Refused before any work because too much of the same is under way: try again shortly. */
export const serverBusy = (retryAfterSeconds: number) =>
  withRetryAfter(new ApiException(429, 'server_busy'), retryAfterSeconds)

function withRetryAfter(err: ApiException, seconds: number) {
  err.extra.headers = { 'Retry-After': String(seconds) }
  return err
}

/** The answer's body: code, values and, for a 422, each field's refusals; all also in English. */
export function refusalBody(err: ApiException): ApiError {
  const { fields } = err.extra
  return {
    message: err.message,
    code: err.code,
    ...(err.values && { values: err.values }),
    ...(fields && { errors: fieldTexts(fields), fields }),
  }
}

/** The database's own refusals a request can cause, by SQLSTATE: honest statuses, not a 500. */
const databaseRefusals: Record<string, [ContentfulStatusCode, ErrorCode]> = {
  '23505': [409, 'duplicate_record'],
  // A record referred to (or referring) was changed by someone else meanwhile.
  '23503': [409, 'record_in_use'],
  '23514': [422, 'check_violation'],
  '22003': [400, 'number_out_of_range'],
  '22007': [400, 'date_out_of_range'],
  '22008': [400, 'date_out_of_range'],
  '22009': [400, 'date_out_of_range'],
  // A NUL character (U+0000), which PostgreSQL keeps in neither text nor jsonb.
  '22021': [400, 'bad_character'],
  '22P05': [400, 'bad_character'],
  '22P02': [400, 'malformed_identifier'],
}

/** How long a client is asked to wait before trying again while the database is away. */
export const databaseRetryAfterSeconds = 5

/**
 * A database error a request caused, as its refusal; a lost database connection as 503
 * `database_unavailable` with Retry-After; undefined for any other error.
 */
export function databaseRefusal(err: unknown): ApiException | undefined {
  if (databaseUnreachable(err)) {
    return withRetryAfter(new ApiException(503, 'database_unavailable'), databaseRetryAfterSeconds)
  }
  const known = databaseRefusals[postgresErrorCode(err) ?? '']
  return known && new ApiException(...known)
}

// SQLSTATEs of a server that is going away or not yet back: connection exceptions (class 08),
// a shutdown or crash (57P01, 57P02), starting or stopping (57P03), no connection slot left.
const unreachableStates = /^(08...|57P0[123]|53300)$/
// The network's and the driver's own words for a lost connection, which carry no SQLSTATE.
const unreachableNetCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
const unreachableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/** Whether an error (or one it wraps) says the database server cannot be reached now. */
function databaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (unreachableStates.test(code) || unreachableNetCodes.has(code)))
      return true
    if (typeof message === 'string' && unreachableMessages.test(message)) return true
  }
  return false
}

/** The SQLSTATE of a PostgreSQL error, also when the query builder wrapped it. */
export function postgresErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}
