import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/*
 * Many ids as one array parameter: a group run's batch names 1,000 students, and a thousand
 * bound parameters (drizzle's inArray) cost twice the query's own work on PGlite.
 */

/** A PostgreSQL array literal of ids or integers (none needs quoting). */
export const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`

/** `column = any(ids)`, the ids bound as one uuid[] parameter. */
export const anyUuid = (column: PgColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${pgArray(ids)}::uuid[])`
