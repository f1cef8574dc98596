import { and, eq, sql } from 'drizzle-orm'
import type { CashierDay, CloseDay } from '../../../shared/schemas/collection.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/auth.ts'
import { cashierDayClosings } from '../../db/schema/collection.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { postVoucher, voucherReference } from '../accounting/posting.ts'
import { bankAccountKeys } from './line-figures.ts'
import { vouchers } from '../../db/schema/accounting.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The cash a cashier's drawer should hold for a day: the cash of their receipts not cancelled. */
async function expectedCash(db: Db, instituteId: string, cashierId: string, day: string) {
  const [row] = rowsOf<{ cash: string | null }>(
    await db.execute(sql`select sum(t.amount_minor) as cash from payment_tenders t
      join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
      where p.institute_id = ${instituteId} and p.collected_by = ${cashierId}
        and p.received_on = ${day} and p.status = 'posted' and t.method = 'cash'`),
  )
  return Number(row?.cash ?? 0)
}

/** A cashier's day as the day screen shows it. */
export async function cashierDay(
  db: Db,
  instituteId: string,
  cashierId: string,
  day: string,
  viewerId: string,
): Promise<CashierDay> {
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
  const receipts = rowsOf<{
    id: string
    number: string
    created_at: Date | string
    students: string
    amount_minor: string
    status: 'posted' | 'cancelled'
  }>(
    await db.execute(sql`select p.id, p.number, p.created_at, p.amount_minor, p.status,
        (select string_agg(distinct s.full_name, ', ') from payment_allocations a
          join students s on s.institute_id = a.institute_id and s.id = a.student_id
          where a.institute_id = p.institute_id and a.payment_id = p.id) as students
      from payments p
      where p.institute_id = ${instituteId} and p.collected_by = ${cashierId}
        and p.received_on = ${day}
      order by p.created_at`),
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
  const cashiers = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select distinct u.id, u.full_name as name from payments p
      join users u on u.id = p.collected_by
      where p.institute_id = ${instituteId} and p.received_on = ${day}
      order by name`),
  )
  return {
    day,
    cashierId,
    cashierName: cashier.name,
    own: cashierId === viewerId,
    byMethod: byMethod.map((m) => ({
      method: m.method,
      receipts: Number(m.n),
      amountMinor: Number(m.amount),
    })),
    receipts: receipts.map((r) => ({
      id: r.id,
      number: r.number,
      receivedAt: new Date(r.created_at).toISOString(),
      students: r.students ?? '',
      amountMinor: Number(r.amount_minor),
      status: r.status,
    })),
    expectedCashMinor: await expectedCash(db, instituteId, cashierId, day),
    closing: closing
      ? {
          countedCashMinor: closing.closing.countedCashMinor,
          differenceMinor: closing.closing.countedCashMinor - closing.closing.expectedCashMinor,
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
        }
      : null,
    cashiers,
    bankAccounts: await bankAccountKeys(db, instituteId),
  }
}

/**
 * Closes a cashier's day in the caller's transaction: the cash counted against the cash the
 * receipts say (the difference kept), and the deposit, if any, posted as a contra voucher from
 * cash to the bank account. Once a day per cashier (409 after).
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
  const inserted = await tx
    .insert(cashierDayClosings)
    .values({
      instituteId,
      cashierId,
      day,
      expectedCashMinor: await expectedCash(tx, instituteId, cashierId, day),
      countedCashMinor: close.countedCashMinor,
      depositedMinor: close.depositedMinor,
      bankAccount: close.depositedMinor > 0 ? close.bankAccount : '',
      note: close.note,
      closedBy: cashierId,
    })
    .onConflictDoNothing()
    .returning({ id: cashierDayClosings.id })
  if (!inserted.length) throw conflict('day_already_closed')
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
      .where(rowKey(cashierDayClosings, instituteId, inserted[0]!.id))
  }
  return inserted[0]!.id
}
