import { sql } from 'drizzle-orm'
import type { MappingPurpose } from '../../../shared/schemas/accounting.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'

/**
 * The balance (debits less credits) on `asOf` of the accounts a purpose is mapped to (every
 * key's, for a keyed purpose): what a report's figures are checked against. Null when the
 * purpose is mapped to no account.
 */
export async function mappedBalance(
  db: Db,
  instituteId: string,
  purpose: MappingPurpose,
  asOf: string,
): Promise<number | null> {
  const [row] = rowsOf<{ mapped: boolean; balance: string | null }>(
    await db.execute(sql`select
        exists (select 1 from coa_mappings m
          where m.institute_id = ${instituteId} and m.purpose = ${purpose}) as mapped,
        (select sum(l.debit - l.credit) from voucher_lines l
          where l.institute_id = ${instituteId} and l.date <= ${asOf}
            and l.account_id in (select distinct m.account_id from coa_mappings m
              where m.institute_id = ${instituteId} and m.purpose = ${purpose})) as balance`),
  )
  return row?.mapped ? Number(row.balance ?? 0) : null
}
