import type { ErrorCode } from '../../shared/errors/catalogue.ts'
import { notFound } from './errors.ts'

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a value can be a record's id. Checked before a query, because PostgreSQL answers a
 * malformed uuid with an error: a malformed id addresses nothing.
 */
export const isUuid = (id: string | null | undefined): id is string => !!id && uuidShape.test(id)

/** A path parameter naming a record by id: anything that cannot be one is the record's 404. */
export function pathId(value: string | undefined, missing: ErrorCode): string {
  if (!isUuid(value)) throw notFound(missing)
  return value
}
