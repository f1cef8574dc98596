import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { cashierDayClosings } from '../../db/schema/collection.ts'
import { rowsOf } from '../../db/rows.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { forbidden } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { postVoucher, voucherReference } from '../accounting/posting.ts'

/*
 * A closed day's cash difference: posted to Cash over and short at once, or, over the
 * institute's amount, kept pending until a user other than the cashier approves it.
 */

/** Closings whose difference waits for approval, oldest first: what an approver has to do. */
export async function pendingDifferences(db: Db, instituteId: string) {
  return rowsOf<{
    closing_id: string
    cashier_id: string
    cashier_name: string
    day: string
    difference: string
  }>(
    await db.execute(sql`select c.id as closing_id, c.cashier_id, u.full_name as cashier_name,
        c.day::text as day, c.counted_cash_minor - c.expected_cash_minor as difference
      from cashier_day_closings c join users u on u.id = c.cashier_id
      where c.institute_id = ${instituteId} and c.difference_status = 'pending'
      order by c.day, u.full_name limit 100`),
  ).map((r) => ({
    closingId: r.closing_id,
    cashierId: r.cashier_id,
    cashierName: r.cashier_name,
    day: r.day,
    differenceMinor: Number(r.difference),
  }))
}

/**
 * The over-or-short journal of a closing carries the closing's own key (vouchers are unique by
 * institute and key): at most one per closing, and found from it.
 */
const differenceKey = (closingId: string) => `cashier-day:${closingId}:over-short`

/** A closing's over-or-short journal, once posted. */
export async function differenceVoucher(db: Db, instituteId: string, closingId: string) {
  const [voucher] = await db
    .select({
      id: vouchers.id,
      type: vouchers.type,
      fiscalYear: vouchers.fiscalYear,
      number: vouchers.number,
    })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.instituteId, instituteId),
        eq(vouchers.idempotencyKey, differenceKey(closingId)),
      ),
    )
  return voucher
}

export async function differenceVoucherReference(db: Db, instituteId: string, closingId: string) {
  const voucher = await differenceVoucher(db, instituteId, closingId)
  return voucher ? voucherReference(voucher.type, voucher.fiscalYear, voucher.number) : null
}

/**
 * Posts a closing's difference: a journal between Cash and Cash over and short, so the cash
 * account holds what was counted. Under the closing's own key, so at most once.
 */
export async function postDifference(
  tx: Db,
  instituteId: string,
  closing: { id: string; day: string; differenceMinor: number },
  by: string,
) {
  const difference = closing.differenceMinor
  const amount = Math.abs(difference)
  const [cashSide, otherSide] =
    difference > 0 ? (['debit', 'credit'] as const) : (['credit', 'debit'] as const)
  await postVoucher(tx, instituteId, {
    type: 'journal',
    date: closing.day,
    narration: `Cash ${difference > 0 ? 'over' : 'short'} at the closing of ${closing.day}`,
    lines: [
      { purpose: 'cash', [cashSide]: amount },
      { purpose: 'cash_over_short', [otherSide]: amount },
    ],
    source: 'collection',
    idempotencyKey: differenceKey(closing.id),
    createdBy: by,
  })
}

/**
 * Approves a closing's pending difference and posts it, in the caller's transaction: never by
 * the cashier whose day it is (403, and a check constraint behind it). Approved already, it
 * answers the closing as it is and posts nothing again (a retry); with nothing pending, 409.
 */
export async function approveDifference(
  tx: Db,
  instituteId: string,
  closingId: string,
  approverId: string,
) {
  const [row] = await tx
    .select()
    .from(cashierDayClosings)
    .where(rowKey(cashierDayClosings, instituteId, closingId))
    .for('update')
  if (!row) throw notFound('day_closing_not_found')
  if (row.cashierId === approverId) throw forbidden('day_difference_self_approval')
  if (row.differenceStatus === 'posted' && row.differenceApprovedBy !== null) {
    return { row, changed: false }
  }
  if (row.differenceStatus !== 'pending') throw conflict('day_difference_not_pending')
  const differenceMinor = row.countedCashMinor - row.expectedCashMinor
  await postDifference(tx, instituteId, { id: row.id, day: row.day, differenceMinor }, approverId)
  await tx
    .update(cashierDayClosings)
    .set({
      differenceStatus: 'posted',
      differenceApprovedBy: approverId,
      differenceApprovedAt: new Date(),
    })
    .where(rowKey(cashierDayClosings, instituteId, row.id))
  return { row, changed: true }
}
