import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { allocate, totalDue } from '../../../shared/fees/allocation.ts'
import type { Db } from '../../db/client.ts'
import { fingerprintOf } from '../../lib/idempotency.ts'
import { instituteToday } from '../../lib/today.ts'
import { advanceSettingsOf } from './advance-settings.ts'
import { advanceBalances } from './advance-balances.ts'
import { counterLines } from '../fees/invoices/open-lines.ts'
import { takePayment } from './payment-create.ts'

/**
 * The policy "apply advances at invoicing": right after invoices are written, each of their
 * students holding an advance pays the new invoices' lines from it, in the counter's order, as
 * far as it goes: an adjustment receipt each (no money taken), which an override may undo.
 * Nothing happens when the institute applies advances only at the counter.
 */
export async function applyAdvancesAtInvoicing(
  tx: Db,
  instituteId: string,
  written: { invoiceId: string; studentId: string }[],
  by: string | null,
) {
  if (!written.length || !(await advanceSettingsOf(tx, instituteId)).autoApply) return
  const studentIds = [...new Set(written.map((w) => w.studentId))].sort()
  const balances = await advanceBalances(tx, instituteId, studentIds)
  const today = await instituteToday(tx, instituteId)
  for (const [studentId, seen] of balances) {
    if (seen <= 0) continue
    const invoiceIds = new Set(
      written.filter((w) => w.studentId === studentId).map((w) => w.invoiceId),
    )
    // Under the locks a payment takes (lines, then the student): a counter spending the
    // advance meanwhile leaves less to apply, never a failed invoice run.
    const lines = (await counterLines(tx, instituteId, [studentId], today, { lock: true })).filter(
      (l) => invoiceIds.has(l.invoiceId),
    )
    await tx.execute(sql`select id from students where institute_id = ${instituteId}
      and id = ${studentId} for no key update`)
    const balance = (await advanceBalances(tx, instituteId, [studentId])).get(studentId)!
    const amountMinor = Math.max(0, Math.min(balance, totalDue(lines)))
    if (amountMinor === 0) continue
    const payment = {
      studentId,
      allocations: allocate(lines, amountMinor).allocations,
      advanceUsed: [{ studentId, amountMinor }],
      toAdvance: null,
      tenders: [],
    }
    await takePayment(tx, instituteId, payment, {
      collectedBy: by,
      idempotencyKey: `advance-at-invoicing:${randomUUID()}`,
      payloadHash: fingerprintOf(payment),
    })
  }
}
