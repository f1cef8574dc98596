import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { rowsOf } from '../../../db/rows.ts'
import { pgArray } from '../../../lib/sql-arrays.ts'

/*
 * A line's balance, defined once: what an invoice line asks as it stands (its net with every
 * credit note's line that credits it: a concession's credit lowers it, a cancellation's brings
 * it to nothing) less the principal paid of it. A fine is never in it: a fine is a day's figure
 * until it is paid, and then income (Fine income), never receivable — so Σ the balances of a
 * student's lines is what the student owes on Fee receivable ("ledger = dues"). It is kept on
 * the line's row (balance_minor: net_minor + credited_minor − paid_minor, migration 0038).
 */

/** What is still owed of the invoice line `l`. For a query naming the line `l`. */
export const lineBalance = sql`l.balance_minor`

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
