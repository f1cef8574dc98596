import { and, eq, inArray } from 'drizzle-orm'
import type { CreateInvoice } from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { feeHeads, paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { conflict, validationFailed } from '../../../lib/errors.ts'
import { invoicedSlots, loadFeeContext, planInvoice, studentsOf } from './invoice-plan.ts'
import { writeInvoices } from './invoice-write.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { instituteToday } from '../../../lib/today.ts'

/** A period of the session, or a 422 on `periodId`. */
export async function periodOf(db: Db, instituteId: string, sessionId: string, periodId: string) {
  const [row] = await db
    .select({ period: paymentPeriods })
    .from(paymentPeriods)
    .innerJoin(
      paymentCycles,
      rowKey(paymentCycles, paymentPeriods.instituteId, paymentPeriods.cycleId),
    )
    .where(
      and(
        eq(paymentPeriods.instituteId, instituteId),
        eq(paymentPeriods.id, periodId),
        eq(paymentCycles.academicSessionId, sessionId),
      ),
    )
  if (!row) throw validationFailed({ periodId: 'unknown_period' })
  return row.period
}

/** The active heads named, or a 422 on `feeHeadIds.<i>` naming the first unknown one. */
export async function headsOf(db: Db, instituteId: string, headIds: string[]) {
  const rows = await db
    .select()
    .from(feeHeads)
    .where(
      and(
        eq(feeHeads.instituteId, instituteId),
        inArray(feeHeads.id, headIds),
        eq(feeHeads.active, true),
      ),
    )
  const unknown = headIds.findIndex((id) => !rows.some((h) => h.id === id))
  if (unknown >= 0) throw validationFailed({ [`feeHeadIds.${unknown}`]: 'unknown_fee_head' })
  return rows
}

/**
 * One student's invoice for a period's heads, or (no period) for one-time, per-event and
 * on-demand heads; written and posted in the caller's transaction. Heads already invoiced for
 * the period are left out; nothing left to invoice is a 409 on `feeHeadIds`.
 */
export async function createInvoice(
  tx: Db,
  instituteId: string,
  body: CreateInvoice,
  extra: { createdBy: string | null; idempotencyKey?: string; payloadHash?: string },
): Promise<string> {
  const [student] = await studentsOf(tx, instituteId, body.academicSessionId, {
    studentIds: [body.studentId],
  })
  if (!student) throw validationFailed({ studentId: 'student_not_enrolled' })
  if (student.status !== 'active') throw conflict('student_left')
  const period = body.periodId
    ? await periodOf(tx, instituteId, body.academicSessionId, body.periodId)
    : null
  const heads = await headsOf(tx, instituteId, body.feeHeadIds)
  const recurring = body.feeHeadIds.findIndex(
    (id) => heads.find((h) => h.id === id)!.kind === 'recurring',
  )
  if (!period && recurring >= 0) throw validationFailed({ periodId: 'period_required_recurring' })
  const issueDate = body.issueDate ?? period?.issueDate ?? (await instituteToday(tx, instituteId))
  const dueDate = period && period.dueDate >= issueDate ? period.dueDate : issueDate
  const ctx = await loadFeeContext(tx, instituteId, body.academicSessionId, body.feeHeadIds, [
    student.id,
  ])
  const invoiced = await invoicedSlots(
    tx,
    instituteId,
    [student.id],
    [period?.id ?? null],
    body.feeHeadIds,
  )
  const plan = planInvoice(ctx, student, period, body.feeHeadIds, { issueDate, dueDate }, invoiced)
  if (!plan.ok)
    throw conflict('validation_failed', { fields: { feeHeadIds: 'nothing_to_invoice' } })
  const [id] = await writeInvoices(tx, instituteId, [plan.invoice], {
    academicSessionId: body.academicSessionId,
    createdBy: extra.createdBy,
    voucher: 'each',
    idempotencyKey: extra.idempotencyKey,
    payloadHash: extra.payloadHash,
    narration: `Invoice: ${student.fullName} (${student.studentCode})`,
  })
  return id!
}
