import type { Db } from '../../db/client.ts'
import { cashierDayClosings } from '../../db/schema/collection.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { and, eq } from 'drizzle-orm'
import { conflict } from '../../lib/errors.ts'
import { instituteToday } from '../../lib/today.ts'
import { postReversal } from '../accounting/reversal.ts'
import { lockCashierDay } from './cashier-day.ts'
import { differenceVoucher } from './day-difference.ts'

/**
 * Reopens a cashier's closing of today in the caller's transaction, under the day's lock: the
 * deposit and the posted difference are reversed and the closing is removed, so the cashier
 * takes money again and closes anew. Only today's (an earlier day stays as closed: 409), and
 * only a closed day (409). Answers the closing as it was, for the audit.
 */
export async function reopenDay(
  tx: Db,
  instituteId: string,
  cashierId: string,
  day: string,
  by: string,
  reason: string,
) {
  const today = await instituteToday(tx, instituteId)
  if (day !== today) throw conflict('day_reopen_not_today')
  await lockCashierDay(tx, instituteId, cashierId, day)
  const [closing] = await tx
    .select()
    .from(cashierDayClosings)
    .where(
      and(
        eq(cashierDayClosings.instituteId, instituteId),
        eq(cashierDayClosings.cashierId, cashierId),
        eq(cashierDayClosings.day, day),
      ),
    )
  if (!closing) throw conflict('day_not_closed')
  const narration = `Day of ${day} reopened: ${reason}`
  const difference = await differenceVoucher(tx, instituteId, closing.id)
  for (const id of [closing.voucherId, difference?.id]) {
    if (id)
      await postReversal(tx, instituteId, { id, date: today, narration, source: 'collection', by })
  }
  await tx.delete(cashierDayClosings).where(rowKey(cashierDayClosings, instituteId, closing.id))
  return closing
}
