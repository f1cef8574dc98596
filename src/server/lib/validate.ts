import type { Context } from 'hono'
import * as v from 'valibot'
import { issuesToDetails } from '../../shared/schemas/issues.ts'
import { badRequest, validationFailed } from './errors.ts'
import { descriptionOf } from './openapi/documented.ts'

export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const misplaced = listsForObjects(schema as unknown as SchemaNode, input)
  if (misplaced.length) {
    throw validationFailed(Object.fromEntries(misplaced.map((path) => [path, 'not_an_object'])))
  }
  const result = v.safeParse(schema, input)
  if (!result.success) throw validationFailed(issuesToDetails(result.issues))
  return result.output
}

/** A JSON object whose fields a later step checks (against a form's own fields, say). */
export const JsonObjectSchema = v.record(v.string(), v.unknown())

/**
 * The endpoint's description must name the schema it reads with, so that the OpenAPI document
 * shows what the server checks; a route that forgot it fails every request (and its tests). A
 * body read as `JsonObjectSchema` is checked by the handler against the shape it documents.
 */
function assertDocumented(c: Context, part: 'body' | 'query', schema: v.GenericSchema) {
  const named = descriptionOf(c)?.[part]
  if (named !== schema && !(schema === JsonObjectSchema && named)) {
    throw new Error(`${c.req.method} ${c.req.path} reads a ${part} its documented() does not name`)
  }
}

/**
 * Reads a JSON body: 400 when it is not JSON, 422 naming the fields when it does not fit. Every
 * body this API takes is a JSON object, so an array, a string, a number or null is a 422.
 */
export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  assertDocumented(c, 'body', schema)
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/json')) {
    throw badRequest('unsupported_media_type')
  }
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest('malformed_json')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed({ _: 'not_a_json_object' })
  }
  return parseOrThrow(schema, body)
}

/** Reads the query string: 422 naming the parameters that do not fit. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  assertDocumented(c, 'query', schema)
  return parseOrThrow(schema, c.req.query())
}

/** The parts of a valibot schema this walk reads. */
interface SchemaNode {
  type: string
  wrapped?: SchemaNode
  item?: SchemaNode
  entries?: Record<string, SchemaNode>
  options?: SchemaNode[]
  value?: SchemaNode
}

const objectTypes = new Set([
  'object',
  'loose_object',
  'strict_object',
  'object_with_rest',
  'record',
])
const choiceTypes = new Set(['union', 'variant', 'intersect'])

function expectsObject(schema: SchemaNode): boolean {
  if (schema.wrapped) return expectsObject(schema.wrapped)
  if (choiceTypes.has(schema.type)) return schema.options!.every(expectsObject)
  return objectTypes.has(schema.type)
}

/**
 * Dotted paths where the input holds an array in place of an object: valibot's object() and
 * record() accept arrays (typeof [] is 'object'), so `[]` would pass for an all-optional object.
 */
function listsForObjects(schema: SchemaNode, input: unknown, path: string[] = []): string[] {
  if (typeof input !== 'object' || input === null) return []
  if (schema.wrapped) return listsForObjects(schema.wrapped, input, path)
  if (Array.isArray(input)) {
    if (expectsObject(schema)) return [path.join('.') || '_']
    const item = schema.type === 'array' ? schema.item : undefined
    return item ? input.flatMap((x, i) => listsForObjects(item, x, [...path, String(i)])) : []
  }
  const fields = input as Record<string, unknown>
  if (schema.entries) {
    return Object.entries(schema.entries).flatMap(([key, entry]) =>
      Object.hasOwn(fields, key) ? listsForObjects(entry, fields[key], [...path, key]) : [],
    )
  }
  const value = schema.type === 'record' ? schema.value : undefined
  return value
    ? Object.entries(fields).flatMap(([key, x]) => listsForObjects(value, x, [...path, key]))
    : []
}
