import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  advanceMovements,
  paymentAllocations,
  payments,
  paymentTenders,
} from '../../db/schema/collection.ts'
import { invoiceLines } from '../../db/schema/fee-invoices.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { isUuid } from '../../lib/ids.ts'
import { pgArray } from '../../lib/sql-arrays.ts'
import { instituteToday } from '../../lib/today.ts'
import { postReversal } from '../accounting/reversal.ts'
import {
  reversibleMethods,
  type CancelPayment,
} from '../../../shared/schemas/collection-payments.ts'
import { setApplicationFeeStatus } from '../admission/application-fee-status.ts'
import { refreshInvoiceStatuses } from './invoice-status.ts'
import { advanceBalances } from './advance-balances.ts'

/**
 * Cancels a receipt (a bounced cheque is one, with its reason): a reversing voucher today, its
 * allocations taken off the lines (principal and fines), the invoices' statuses set again and
 * its advance movements undone. The receipt keeps its number, marked cancelled, and each card or
 * mobile-money tender the provider's reversal reference given. Refused when the advance it added
 * has been spent since. Answers the status before.
 */
export async function cancelPayment(
  tx: Db,
  instituteId: string,
  paymentId: string | undefined,
  reason: string,
  cancelledBy: string,
  reversals: NonNullable<CancelPayment['reversals']> = [],
) {
  if (!isUuid(paymentId)) throw notFound('receipt_not_found')
  const [payment] = await tx
    .select()
    .from(payments)
    .where(rowKey(payments, instituteId, paymentId))
    .for('no key update')
  if (!payment) throw notFound('receipt_not_found')
  if (payment.status === 'cancelled') throw conflict('receipt_already_cancelled')
  const tenders = await tx
    .select({ id: paymentTenders.id, method: paymentTenders.method })
    .from(paymentTenders)
    .where(
      and(eq(paymentTenders.instituteId, instituteId), eq(paymentTenders.paymentId, paymentId)),
    )
    .orderBy(paymentTenders.lineNo)
  for (const r of reversals) {
    const method = tenders[r.tender]?.method
    if (!method || !(reversibleMethods as readonly string[]).includes(method)) {
      throw validationFailed({ reversals: 'reversal_tender_unknown' })
    }
  }

  const allocations = await tx
    .select()
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.instituteId, instituteId),
        eq(paymentAllocations.paymentId, paymentId),
      ),
    )
    .orderBy(paymentAllocations.invoiceLineId)
  // Lines before students, each in key order, as a payment takes them: the two never deadlock.
  if (allocations.length) {
    await tx.execute(sql`select id from invoice_lines where institute_id = ${instituteId}
      and id = any(${pgArray(allocations.map((a) => a.invoiceLineId))}::uuid[])
      order by id for no key update`)
  }
  const movements = await tx
    .select()
    .from(advanceMovements)
    .where(
      and(eq(advanceMovements.instituteId, instituteId), eq(advanceMovements.paymentId, paymentId)),
    )
  const added = movements.filter((m) => m.amountMinor > 0)
  if (added.length) {
    await tx.execute(sql`select id from students where institute_id = ${instituteId}
      and id = any(${pgArray(added.map((m) => m.studentId))}::uuid[]) order by id for no key update`)
    const balances = await advanceBalances(
      tx,
      instituteId,
      added.map((m) => m.studentId),
    )
    for (const m of added) {
      const available = balances.get(m.studentId) ?? 0
      if (available < m.amountMinor) {
        throw conflict('advance_already_used', { values: { availableMinor: available } })
      }
    }
  }

  const reversal = await postReversal(tx, instituteId, {
    id: payment.voucherId,
    date: await instituteToday(tx, instituteId),
    narration: `Cancelled receipt ${payment.number}: ${reason}`,
    source: 'collection',
    by: cancelledBy,
  })

  for (const a of allocations) {
    await tx
      .update(invoiceLines)
      .set({
        paidMinor: sql`${invoiceLines.paidMinor} - ${a.principalMinor}`,
        fineMinor: sql`${invoiceLines.fineMinor} - ${a.fineMinor}`,
      })
      .where(rowKey(invoiceLines, instituteId, a.invoiceLineId))
  }
  if (allocations.length) {
    await refreshInvoiceStatuses(
      tx,
      instituteId,
      allocations.map((a) => a.invoiceLineId),
    )
  }
  if (movements.length) {
    await tx.insert(advanceMovements).values(
      movements.map((m) => ({
        instituteId,
        studentId: m.studentId,
        kind: 'cancelled' as const,
        amountMinor: -m.amountMinor,
        paymentId,
        voucherId: reversal.id,
        reason,
        createdBy: cancelledBy,
      })),
    )
  }
  await tx
    .update(payments)
    .set({
      status: 'cancelled',
      // The database's clock, as a day's closing is: "after the closing" compares the two.
      cancelledAt: sql`clock_timestamp()`,
      cancelledBy,
      cancelReason: reason,
      cancelVoucherId: reversal.id,
    })
    .where(rowKey(payments, instituteId, paymentId))
  for (const r of reversals) {
    await tx
      .update(paymentTenders)
      .set({ reversalReference: r.reference })
      .where(rowKey(paymentTenders, instituteId, tenders[r.tender]!.id))
  }
  // An application fee's receipt cancelled: the fee is due again.
  if (payment.applicantId) {
    await setApplicationFeeStatus(tx, instituteId, payment.applicantId, 'fee_due')
  }
  return { before: payment.status, number: payment.number }
}
