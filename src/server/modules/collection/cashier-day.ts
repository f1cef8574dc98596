import { and, eq, sql } from 'drizzle-orm'
import type { CashierDay, CloseDay } from '../../../shared/schemas/collection-days.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/auth.ts'
import { cashierDayClosings } from '../../db/schema/collection.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { postVoucher, voucherReference } from '../accounting/posting.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { coaMappings, vouchers } from '../../db/schema/accounting.ts'
import { rowsOf } from '../../db/rows.ts'
import { advanceSettingsOf } from './advance-settings.ts'
import { instituteToday } from '../../lib/today.ts'
import { differenceVoucherReference, pendingDifferences, postDifference } from './day-difference.ts'

/**
 * Takes a cashier's day for the caller's transaction: closing it and taking money on it take
 * turns, so a closing reads every payment that landed before it and none lands after it.
 */
export async function lockCashierDay(tx: Db, instituteId: string, cashierId: string, day: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`cashier-day:${instituteId}:${cashierId}:${day}`}))`,
  )
}

/**
 * The cash a cashier's drawer should hold for a day, and what makes it up: the cash of every
 * receipt they took that day, less that of the ones cancelled since (on any day: a cancelled
 * receipt is taken off its own day), less the advances they refunded in cash that day. With the
 * overpayments the day's standing receipts kept as advance, for the day's summary.
 */
async function drawer(db: Db, instituteId: string, cashierId: string, day: string) {
  const [row] = rowsOf<
    Record<'cash' | 'cancelled_cash' | 'cancelled' | 'n' | 'refunded' | 'kept', string | null>
  >(
    await db.execute(sql`with day_receipts as (select p.id, p.status, p.amount_minor,
          (select sum(t.amount_minor) from payment_tenders t where t.institute_id = p.institute_id
            and t.payment_id = p.id and t.method = 'cash') as cash
        from payments p where p.institute_id = ${instituteId} and p.collected_by = ${cashierId}
          and p.received_on = ${day})
      select (select sum(cash) from day_receipts) as cash,
        (select sum(cash) from day_receipts where status = 'cancelled') as cancelled_cash,
        (select sum(amount_minor) from day_receipts where status = 'cancelled') as cancelled,
        (select count(*) from day_receipts where status = 'cancelled') as n,
        (select sum(m.amount_minor) from advance_movements m join day_receipts r on r.id = m.payment_id
          where m.institute_id = ${instituteId} and m.kind = 'overpayment'
            and r.status = 'posted') as kept,
        (select sum(o.amount_minor) from advance_overrides o
          join vouchers v on v.institute_id = o.institute_id and v.id = o.voucher_id
          where o.institute_id = ${instituteId} and o.kind = 'refund' and o.method = 'cash'
            and o.status = 'done' and coalesce(o.decided_by, o.requested_by) = ${cashierId}
            and v.date = ${day}) as refunded`),
  )
  const n = (x: string | null | undefined) => Number(x ?? 0)
  const cashTakenMinor = n(row?.cash)
  const cancelled = {
    receipts: n(row?.n),
    amountMinor: n(row?.cancelled),
    cashMinor: n(row?.cancelled_cash),
  }
  const advancesRefundedCashMinor = n(row?.refunded)
  return {
    cashTakenMinor,
    cancelled,
    advancesTakenMinor: n(row?.kept),
    advancesRefundedCashMinor,
    expectedCashMinor: cashTakenMinor - cancelled.cashMinor - advancesRefundedCashMinor,
  }
}

/**
 * Money into or out of a cashier's drawer today (a payment, an advance refunded in cash): their
 * day must still be open, and the two take turns with its closing on the day's lock, so the
 * closing counts it or it is refused `day_closed`.
 */
export async function openDrawer(tx: Db, instituteId: string, cashierId: string, day: string) {
  await lockCashierDay(tx, instituteId, cashierId, day)
  const [closed] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from cashier_day_closings where institute_id = ${instituteId}
      and cashier_id = ${cashierId} and day = ${day}`),
  )
  if (closed) throw conflict('day_closed')
}

/**
 * A cashier's day as the day screen shows it; with `approver`, the closings of any day and
 * cashier whose difference waits for approval too. The day's online money is that of the
 * viewer's campuses (`campuses`, lib/campus-scope.ts).
 */
export async function cashierDay(
  db: Db,
  instituteId: string,
  cashierId: string,
  day: string,
  viewer: { id: string; approver: boolean; campuses: CampusScope },
): Promise<CashierDay> {
  const viewerId = viewer.id
  const [cashier] = await db
    .select({ name: users.fullName })
    .from(users)
    .where(and(eq(users.id, cashierId), eq(users.instituteId, instituteId)))
  if (!cashier) throw notFound('user_not_found')
  const byMethod = rowsOf<{
    method: CashierDay['byMethod'][number]['method']
    n: string
    amount: string
  }>(
    await db.execute(sql`select t.method, count(distinct p.id) as n, sum(t.amount_minor) as amount
      from payment_tenders t
      join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
      where p.institute_id = ${instituteId} and p.collected_by = ${cashierId}
        and p.received_on = ${day} and p.status = 'posted'
      group by t.method order by t.method`),
  )
  const [online] = rowsOf<{ n: string; amount: string | null }>(
    await db.execute(sql`select count(distinct p.id) as n, sum(t.amount_minor) as amount
      from payment_tenders t
      join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
      where p.institute_id = ${instituteId} and p.collected_by is null
        and t.method = 'online' and p.received_on = ${day} and p.status = 'posted'
        and ${inCampusScope(viewer.campuses, sql`p.campus_id`)}`),
  )
  const receipts = rowsOf<{
    id: string
    number: string
    created_at: Date | string
    students: string
    amount_minor: string
    status: 'posted' | 'cancelled'
    cancelled_on: string | null
    after_closing: boolean
  }>(
    await db.execute(sql`select p.id, p.number, p.created_at, p.amount_minor, p.status,
        -- An application fee's receipt has no allocations: its payer is the applicant.
        coalesce((select string_agg(distinct s.full_name, ', ') from payment_allocations a
          join students s on s.institute_id = a.institute_id and s.id = a.student_id
          where a.institute_id = p.institute_id and a.payment_id = p.id),
          (select ap.applicant_name from applicants ap
            where ap.institute_id = p.institute_id and ap.id = p.applicant_id)) as students,
        cv.date::text as cancelled_on,
        coalesce(p.cancelled_at > c.created_at, false) as after_closing
      from payments p
      left join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id
      left join cashier_day_closings c on c.institute_id = p.institute_id
        and c.cashier_id = p.collected_by and c.day = p.received_on
      where p.institute_id = ${instituteId} and p.collected_by = ${cashierId}
        and p.received_on = ${day}
      order by p.created_at`),
  )
  // What this user cancelled that day of other days' or other cashiers' receipts: the
  // cancellation's day is its reversing voucher's.
  const cancelledHere = rowsOf<{
    id: string
    number: string
    received_on: string
    cashier_name: string | null
    amount_minor: string
    reason: string
  }>(
    await db.execute(sql`select p.id, p.number, p.received_on::text as received_on,
        u.full_name as cashier_name, p.amount_minor, p.cancel_reason as reason
      from payments p
      join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id
      left join users u on u.id = p.collected_by
      where p.institute_id = ${instituteId} and p.cancelled_by = ${cashierId}
        and cv.date = ${day}
        and not (p.collected_by is not distinct from ${cashierId} and p.received_on = ${day})
      order by p.cancelled_at`),
  )
  const [closing] = await db
    .select({ closing: cashierDayClosings, voucher: vouchers })
    .from(cashierDayClosings)
    .leftJoin(
      vouchers,
      rowKey(vouchers, cashierDayClosings.instituteId, cashierDayClosings.voucherId),
    )
    .where(
      and(
        eq(cashierDayClosings.instituteId, instituteId),
        eq(cashierDayClosings.cashierId, cashierId),
        eq(cashierDayClosings.day, day),
      ),
    )
  const [approver] = closing?.closing.differenceApprovedBy
    ? await db
        .select({ name: users.fullName })
        .from(users)
        .where(eq(users.id, closing.closing.differenceApprovedBy))
    : []
  const [closer] = closing?.closing.closedBy
    ? await db
        .select({ name: users.fullName })
        .from(users)
        .where(eq(users.id, closing.closing.closedBy))
    : []
  const cashiers = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select distinct u.id, u.full_name as name from payments p
      join users u on u.id = p.collected_by
      where p.institute_id = ${instituteId} and p.received_on = ${day}
      order by name`),
  )
  return {
    day,
    today: await instituteToday(db, instituteId),
    cashierId,
    cashierName: cashier.name,
    own: cashierId === viewerId,
    byMethod: byMethod.map((m) => ({
      method: m.method,
      receipts: Number(m.n),
      amountMinor: Number(m.amount),
    })),
    online: { receipts: Number(online!.n), amountMinor: Number(online!.amount ?? 0) },
    receipts: receipts.map((r) => ({
      id: r.id,
      number: r.number,
      receivedAt: new Date(r.created_at).toISOString(),
      students: r.students ?? '',
      amountMinor: Number(r.amount_minor),
      status: r.status,
      cancelledOn: r.cancelled_on,
      cancelledAfterClosing: r.after_closing,
    })),
    cancelledHere: cancelledHere.map((r) => ({
      id: r.id,
      number: r.number,
      receivedOn: r.received_on,
      cashierName: r.cashier_name,
      amountMinor: Number(r.amount_minor),
      reason: r.reason,
    })),
    ...(await drawer(db, instituteId, cashierId, day)),
    differenceApprovalAboveMinor: (await advanceSettingsOf(db, instituteId))
      .dayDifferenceApprovalAboveMinor,
    closing: closing
      ? {
          id: closing.closing.id,
          expectedCashMinor: closing.closing.expectedCashMinor,
          countedCashMinor: closing.closing.countedCashMinor,
          differenceMinor: closing.closing.countedCashMinor - closing.closing.expectedCashMinor,
          differenceStatus: closing.closing.differenceStatus,
          differenceReason: closing.closing.differenceReason,
          differenceApprovedBy: approver?.name ?? null,
          differenceApprovedAt: closing.closing.differenceApprovedAt?.toISOString() ?? null,
          differenceVoucherReference: await differenceVoucherReference(
            db,
            instituteId,
            closing.closing.id,
          ),
          depositedMinor: closing.closing.depositedMinor,
          bankAccount: closing.closing.bankAccount,
          voucherReference: closing.voucher
            ? voucherReference(
                closing.voucher.type,
                closing.voucher.fiscalYear,
                closing.voucher.number,
              )
            : null,
          note: closing.closing.note,
          closedAt: closing.closing.closedAt.toISOString(),
          closedBy: closer?.name ?? null,
        }
      : null,
    cashiers,
    pendingDifferences: viewer.approver ? await pendingDifferences(db, instituteId) : [],
    bankAccounts: await bankAccountKeys(db, instituteId),
  }
}

/**
 * Closes a cashier's day in the caller's transaction, under the day's lock (no payment lands
 * while it reads): the cash counted against the cash the receipts say, the difference kept and
 * posted, and the deposit, if any, posted as a contra voucher from cash to the bank account.
 * A difference over the institute's amount (advance settings) needs a reason and waits for
 * another user's approval (approveDifference) before it is posted: the day is closed meanwhile.
 * Once a day per cashier (409 after).
 */
export async function closeDay(
  tx: Db,
  instituteId: string,
  cashierId: string,
  day: string,
  close: Required<CloseDay>,
) {
  if (
    close.depositedMinor > 0 &&
    !(await bankAccountKeys(tx, instituteId)).includes(close.bankAccount)
  ) {
    throw validationFailed({ bankAccount: 'unknown_bank_account' })
  }
  await lockCashierDay(tx, instituteId, cashierId, day)
  const expected = (await drawer(tx, instituteId, cashierId, day)).expectedCashMinor
  const difference = close.countedCashMinor - expected
  if (difference !== 0) {
    const [mapped] = await tx
      .select({ accountId: coaMappings.accountId })
      .from(coaMappings)
      .where(
        and(eq(coaMappings.instituteId, instituteId), eq(coaMappings.purpose, 'cash_over_short')),
      )
    if (!mapped) throw validationFailed({ countedCashMinor: 'over_short_not_mapped' })
  }
  const { dayDifferenceApprovalAboveMinor } = await advanceSettingsOf(tx, instituteId)
  const pending = Math.abs(difference) > dayDifferenceApprovalAboveMinor
  if (pending && close.differenceReason === '') {
    throw validationFailed({ differenceReason: 'day_difference_reason_required' })
  }
  const inserted = await tx
    .insert(cashierDayClosings)
    .values({
      instituteId,
      cashierId,
      day,
      expectedCashMinor: expected,
      countedCashMinor: close.countedCashMinor,
      depositedMinor: close.depositedMinor,
      bankAccount: close.depositedMinor > 0 ? close.bankAccount : '',
      note: close.note,
      differenceStatus: difference === 0 ? 'none' : pending ? 'pending' : 'posted',
      differenceReason: difference === 0 ? '' : close.differenceReason,
      closedBy: cashierId,
      // When it read the drawer, under the lock (a receipt cancelled later says so).
      closedAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: cashierDayClosings.id })
  if (!inserted.length) throw conflict('day_already_closed')
  const closingId = inserted[0]!.id
  if (difference !== 0 && !pending) {
    await postDifference(
      tx,
      instituteId,
      { id: closingId, day, differenceMinor: difference },
      cashierId,
    )
  }
  if (close.depositedMinor > 0) {
    const voucher = await postVoucher(tx, instituteId, {
      type: 'contra',
      date: day,
      narration: `Cash of ${day} taken to the bank`,
      lines: [
        { purpose: 'bank', key: close.bankAccount, debit: close.depositedMinor },
        { purpose: 'cash', credit: close.depositedMinor },
      ],
      source: 'collection',
      createdBy: cashierId,
    })
    await tx
      .update(cashierDayClosings)
      .set({ voucherId: voucher.id })
      .where(rowKey(cashierDayClosings, instituteId, closingId))
  }
  return closingId
}
