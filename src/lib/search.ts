import type { SearchSchemaInput } from '@tanstack/react-router'
import * as v from 'valibot'

/**
 * A route's `validateSearch` from a shared list-query schema: a URL edited by hand into
 * nonsense (page=abc) falls back to the defaults rather than failing the page. Links and
 * navigations give the schema's input, so what has a default may be left out.
 */
export function searchOf<S extends v.GenericSchema>(schema: S) {
  return (raw: v.InferInput<S> & SearchSchemaInput): v.InferOutput<S> => {
    const parsed = v.safeParse(schema, raw)
    if (parsed.success) return parsed.output
    const valid = Object.fromEntries(
      Object.entries(raw).filter(([key]) => !parsed.issues.some((i) => v.getDotPath(i) === key)),
    )
    return v.parse(schema, valid)
  }
}

/** A query string from a search object, leaving out what is empty. */
export function toSearchParams(search: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value))
  }
  return params.toString()
}
