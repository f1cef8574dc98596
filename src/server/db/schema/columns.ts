import { bigint, foreignKey, primaryKey, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** Columns many tables share. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const at = (name: string) => timestamp(name, { withTimezone: true })
/** An amount of money in minor units, read as a JavaScript number (exact up to 2^53). */
export const money = (name: string) => bigint(name, { mode: 'number' })

/*
 * Keys of tenant tables. Every key includes institute_id, so that the tables can be distributed
 * by institute (Citus) and a row can never point at another institute's row.
 */
interface TenantRow {
  instituteId: AnyPgColumn
  id: AnyPgColumn
}

/** The primary key of a tenant table: (institute_id, id). */
export const tenantPrimaryKey = (t: TenantRow) => primaryKey({ columns: [t.instituteId, t.id] })

/** A reference from a tenant table's column to a row of the same institute in another. */
export const tenantReference = (
  name: string,
  t: { instituteId: AnyPgColumn },
  column: AnyPgColumn,
  parent: TenantRow,
) =>
  foreignKey({
    name,
    columns: [t.instituteId, column],
    foreignColumns: [parent.instituteId, parent.id],
  })
