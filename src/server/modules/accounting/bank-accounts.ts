import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaMappings } from '../../db/schema/accounting.ts'

/* The bank accounts money may be paid into: at the counter, or by a bank slip. */

/** The bank accounts of the COA mapping (their keys), by name. */
export async function bankAccountKeys(db: Db, instituteId: string): Promise<string[]> {
  const rows = await db
    .select({ key: coaMappings.key })
    .from(coaMappings)
    .where(and(eq(coaMappings.instituteId, instituteId), eq(coaMappings.purpose, 'bank')))
    .orderBy(asc(coaMappings.key))
  return rows.map((r) => r.key)
}
