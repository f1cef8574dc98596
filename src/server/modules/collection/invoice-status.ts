import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { lineBalance } from '../fees/invoices/line-balance.ts'
import { pgArray } from '../../lib/sql-arrays.ts'

/**
 * Sets the status of the invoices of these lines from what is paid of them: paid when no line
 * has a balance left (line-balance.ts; its fine, paid or not, is never part of it), partially paid when anything is,
 * unpaid otherwise. A cancelled invoice stays cancelled.
 */
export async function refreshInvoiceStatuses(tx: Db, instituteId: string, lineIds: string[]) {
  await tx.execute(sql`update invoices i set status = s.status, updated_at = now()
    from (
      select l.invoice_id,
        case when sum(l.paid_minor) = 0 then 'unpaid'
          when bool_and(${lineBalance} <= 0) then 'paid'
          else 'partially_paid' end as status
      from invoice_lines l
      where l.institute_id = ${instituteId} and l.credits_line_id is null
        and l.invoice_id in (select invoice_id from invoice_lines
          where institute_id = ${instituteId} and id = any(${pgArray(lineIds)}::uuid[]))
      group by l.invoice_id
    ) s
    where i.institute_id = ${instituteId} and i.id = s.invoice_id and i.status <> 'cancelled'`)
}
