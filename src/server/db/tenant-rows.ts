import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

interface TenantTable {
  instituteId: AnyPgColumn
  id: AnyPgColumn
}

/**
 * The row of a tenant table with this key, as its primary key (institute_id, id) has it: a
 * lookup or a join that names the institute too is served by that key, and on a database
 * distributed by institute it stays on the institute's node. Values or columns either way:
 * `rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId)` joins a line's invoice.
 */
export function rowKey(
  table: TenantTable,
  instituteId: string | AnyPgColumn,
  id: string | AnyPgColumn,
): SQL {
  return and(eq(table.instituteId, instituteId), eq(table.id, id))!
}
