import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { rowsOf } from '../../../db/rows.ts'
import { pgArray } from '../../../lib/sql-arrays.ts'

/*
 * A line's balance, defined once: what an invoice line asks as it stands (its net with every
 * credit note's line that credits it: a concession's credit lowers it, a cancellation's brings
 * it to nothing) less the principal paid of it. A fine is never in it: a fine is a day's figure
 * until it is paid, and then income (Fine income), never receivable — so Σ the balances of a
 * student's lines is what the student owes on Fee receivable ("ledger = dues").
 */

/** What the invoice line `l` asks as it stands: its net with its credit notes' lines (negative). For a query naming the line `l`. */
const lineAsks = sql`(l.net_minor + coalesce((select sum(cl.net_minor)
  from invoice_lines cl
  where cl.institute_id = l.institute_id and cl.credits_line_id = l.id), 0))`

/** What is still owed of the invoice line `l`: what it asks less the principal paid. */
export const lineBalance = sql`(${lineAsks} - l.paid_minor)`

/** The balance of each line of these invoices (credit notes' own lines are in the lines they credit). */
export async function lineBalances(
  db: Db,
  instituteId: string,
  invoiceIds: string[],
): Promise<{ lineId: string; invoiceId: string; balanceMinor: number }[]> {
  if (!invoiceIds.length) return []
  const rows = rowsOf<{ id: string; invoice_id: string; balance: string }>(
    await db.execute(sql`select l.id, l.invoice_id, ${lineBalance} as balance
      from invoice_lines l
      where l.institute_id = ${instituteId} and l.invoice_id = any(${pgArray(invoiceIds)}::uuid[])
        and l.credits_line_id is null`),
  )
  return rows.map((r) => ({
    lineId: r.id,
    invoiceId: r.invoice_id,
    balanceMinor: Number(r.balance),
  }))
}
