import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { voucherLines } from '../../db/schema/accounting.ts'
import { postVoucher } from './posting.ts'

/**
 * Undoes a module's posted voucher (a cancelled receipt, a reopened day's deposit): a journal
 * with the original's lines, sides swapped, to the same accounts (deactivated since included).
 */
export async function postReversal(
  tx: Db,
  instituteId: string,
  original: { id: string; date: string; narration: string; by: string; source: string },
) {
  const lines = await tx
    .select()
    .from(voucherLines)
    .where(and(eq(voucherLines.instituteId, instituteId), eq(voucherLines.voucherId, original.id)))
    .orderBy(voucherLines.lineNo)
  return postVoucher(tx, instituteId, {
    type: 'journal',
    date: original.date,
    narration: original.narration,
    lines: lines.map((l) => ({
      accountId: l.accountId,
      debit: l.credit,
      credit: l.debit,
      memo: l.memo,
    })),
    reversesId: original.id,
    allowInactive: true,
    source: original.source,
    createdBy: original.by,
  })
}
