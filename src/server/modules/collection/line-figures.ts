import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaMappings } from '../../db/schema/accounting.ts'

/*
 * Figures the counter's queries share: what an invoice line asks as it stands, and the bank
 * accounts money may go into.
 */

/**
 * What the invoice line `l` asks as it stands: its net with its concession credit notes' lines
 * (negative) added. For a query that names the line `l`.
 */
export const netWithCredits = sql`(l.net_minor + coalesce((select sum(cl.net_minor)
  from invoice_lines cl
  join invoices ci on ci.institute_id = cl.institute_id and ci.id = cl.invoice_id
  where cl.institute_id = l.institute_id and cl.credits_line_id = l.id
    and ci.concession_id is not null), 0))`

/** The bank accounts of the COA mapping (their keys), by name. */
export async function bankAccountKeys(db: Db, instituteId: string): Promise<string[]> {
  const rows = await db
    .select({ key: coaMappings.key })
    .from(coaMappings)
    .where(and(eq(coaMappings.instituteId, instituteId), eq(coaMappings.purpose, 'bank')))
    .orderBy(asc(coaMappings.key))
  return rows.map((r) => r.key)
}
