import type { Context } from 'hono'
import * as v from 'valibot'
import { issuesToErrors } from '../../shared/schemas/issues.ts'
import { badRequest, validationFailed } from './errors.ts'

export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw validationFailed(issuesToErrors(result.issues))
  return result.output
}

/** Reads a JSON body: 400 when it is not JSON, 422 naming the fields when it does not fit. */
export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/json')) {
    throw badRequest(
      'Expected a JSON body (Content-Type: application/json)',
      'unsupported_media_type',
    )
  }
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest('Malformed JSON in request body', 'malformed_json')
  }
  return parseOrThrow(schema, body)
}
