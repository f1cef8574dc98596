import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type * as v from 'valibot'

type SuccessStatus = 200 | 201 | 202 | 204 | 302

/**
 * What an endpoint takes and answers, for its entry in the OpenAPI document: the same valibot
 * schemas the server validates with (`readJson`, `readQuery`) and the client parses answers with.
 */
export interface Description {
  /** The JSON body `readJson` reads. */
  body?: v.GenericSchema
  /** A body that is not JSON (an upload): its media type. */
  upload?: string
  /** The query string `readQuery` reads. */
  query?: v.GenericSchema
  /** The success answer's JSON, as the client parses it; without it a JSON object of no declared shape. */
  answers?: v.GenericSchema
  /** The success status (200 unless given); several when a retry is answered otherwise (200). */
  status?: SuccessStatus | readonly SuccessStatus[]
  /** A success answer that is not JSON (a CSV, a PDF, an image, a page): its media types. */
  media?: string | string[]
  /** Whether the request carries an `Idempotency-Key` header. */
  idempotencyKey?: 'required' | 'optional'
}

/**
 * Descriptions keyed by the middleware that carries them, so that the document is assembled by
 * walking `app.routes`, as the guards are checked.
 */
export const descriptions = new WeakMap<object, Description>()

/** A pass-through middleware naming what its endpoint takes and answers. */
export function documented(description: Description): MiddlewareHandler {
  const handler: MiddlewareHandler = (_c, next) => next()
  descriptions.set(handler, description)
  return handler
}

/** The description on the chain of the request's endpoint, if it has one. */
export function descriptionOf(c: Context): Description | undefined {
  for (const route of matchedRoutes(c)) {
    const found = descriptions.get(route.handler)
    if (found) return found
  }
  return undefined
}
