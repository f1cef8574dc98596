import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import type { CampusScope } from '../../lib/campus-scope.ts'
import { matching, type DueFilters } from './due-read.ts'

/** How the principal owed is split besides by head: not at all, by class, or by the month due. */
export type OwedSplit = 'none' | 'class' | 'month'

const splitKeys: Record<OwedSplit, SQL> = {
  none: sql`''`,
  class: sql`coalesce(class_id::text, '')`,
  month: sql`to_char(due_date, 'YYYY-MM')`,
}

/**
 * Σ principal owed as of `asOf` of the lines the filters keep, per head (and class or month
 * due): the due report's totals by head, from the same read.
 */
export async function owedByHead(
  db: Db,
  o: {
    instituteId: string
    asOf: string
    filters: DueFilters
    scope: CampusScope
    split?: OwedSplit
  },
) {
  const rows = rowsOf<{ fee_head_id: string; key: string; minor: string }>(
    await db.execute(sql`${matching({ ...o, query: o.filters, placed: o.split === 'class' })}
      select fee_head_id, ${splitKeys[o.split ?? 'none']} as key, sum(principal) as minor
      from matching group by 1, 2`),
  )
  return rows.map((r) => ({ feeHeadId: r.fee_head_id, key: r.key, minor: Number(r.minor) }))
}
