import { sql } from 'drizzle-orm'
import { allocate } from '../../../shared/fees/allocation.ts'
import type { ValidAdvanceOverride } from '../../../shared/schemas/advances.ts'
import type { Db } from '../../db/client.ts'
import { advanceMovements } from '../../db/schema/collection.ts'
import { students } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { validationFailed } from '../../lib/errors.ts'
import { fingerprintOf } from '../../lib/idempotency.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher } from '../accounting/posting.ts'
import { pgArray } from '../../lib/sql-arrays.ts'
import { isUuid } from '../../lib/ids.ts'
import { familyMembers } from './family-read.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { advanceBalances } from './advance-balances.ts'
import { counterLines } from '../fees/invoices/open-lines.ts'
import { lockCashierDay, openDrawer } from './cashier-day.ts'
import { cancelPayment } from './payment-cancel.ts'
import { takePayment } from './payment-create.ts'

/*
 * What an override of a student's advance does, checked again whenever it runs (when asked,
 * and again when a second user approves it, since balances move in between):
 * - apply: pays the chosen lines from the advance, through takePayment with no money taken (an
 *   adjustment receipt: Dr Student advances, Cr Fee receivable and Fine income);
 * - undo: cancels such an adjustment receipt, which gives the advance back;
 * - transfer: from one sibling's advance to another's (one account: no voucher moves);
 * - refund: a payment voucher, Dr Student advances, Cr cash or a bank.
 */

/** The amount an override moves: an undo moves what its receipt took from the advance. */
interface CheckedOverride {
  amountMinor: number
  paymentId: string | null
}

async function lockStudents(tx: Db, instituteId: string, ids: string[]) {
  await tx.execute(sql`select id from students where institute_id = ${instituteId}
    and id = any(${pgArray(ids)}::uuid[]) order by id for no key update`)
}

/**
 * What an adjustment receipt that used the student's advance took from advances in all (its
 * cancellation gives back every one), if it is one that may be undone.
 */
async function undoableUse(tx: Db, instituteId: string, studentId: string, paymentId: string) {
  const [row] = (
    (await tx.execute(sql`select -sum(m.amount_minor) as used from payments p
      join advance_movements m on m.institute_id = p.institute_id and m.payment_id = p.id
        and m.kind = 'used'
      where p.institute_id = ${instituteId} and p.id = ${paymentId}
        and p.status = 'posted' and p.amount_minor = 0
        and exists (select 1 from advance_movements s where s.institute_id = p.institute_id
          and s.payment_id = p.id and s.student_id = ${studentId} and s.kind = 'used')`)) as unknown as {
      rows: { used: string | null }[]
    }
  ).rows
  const used = Number(row?.used ?? 0)
  return used > 0 ? used : undefined
}

/**
 * Checks an override against the family as it stands, under lock: the students are of one
 * family, the advance holds the amount, the lines are open and owe at least it, the receipt is
 * an application of this advance still in force, the bank account is mapped. Throws 422s
 * naming the field. `by`: who would carry it out now (their drawer, for a cash refund).
 */
export async function checkOverride(
  tx: Db,
  instituteId: string,
  body: ValidAdvanceOverride,
  by: string,
): Promise<CheckedOverride> {
  const [owner] = await tx
    .select({ id: students.id })
    .from(students)
    .where(rowKey(students, instituteId, body.studentId))
  if (!owner) throw validationFailed({ studentId: 'student_not_found' })
  const members = (await familyMembers(tx, instituteId, body.studentId)).map((m) => m.id)
  if (body.kind === 'transfer') {
    if (body.toStudentId === body.studentId) {
      throw validationFailed({ toStudentId: 'transfer_same_student' })
    }
    if (!members.includes(body.toStudentId)) {
      throw validationFailed({ toStudentId: 'not_family_member' })
    }
  }
  // The day's drawer, then lines, then students, each in key order, as a payment and a
  // cancellation take them: an override never deadlocks with them. (A refund in cash comes out
  // of the drawer of who carries it out; an application or an undo pays or reopens lines.)
  const today = await instituteToday(tx, instituteId)
  if (body.kind === 'refund' && body.method === 'cash') {
    await lockCashierDay(tx, instituteId, by, today)
  }
  const open =
    body.kind === 'apply' || body.kind === 'undo'
      ? await counterLines(tx, instituteId, members, today, { lock: true })
      : []
  await lockStudents(
    tx,
    instituteId,
    body.kind === 'transfer' ? [body.studentId, body.toStudentId] : [body.studentId],
  )
  if (body.kind === 'undo') {
    const used = isUuid(body.paymentId)
      ? await undoableUse(tx, instituteId, body.studentId, body.paymentId)
      : undefined
    if (used === undefined) throw validationFailed({ paymentId: 'override_not_undoable' })
    return { amountMinor: used, paymentId: body.paymentId }
  }
  const available = (await advanceBalances(tx, instituteId, [body.studentId])).get(body.studentId)!
  if (body.amountMinor > available) {
    throw validationFailed({
      amountMinor: { code: 'advance_insufficient', values: { availableMinor: available } },
    })
  }
  if (body.kind === 'apply') {
    const chosen = []
    for (const [i, lineId] of body.lineIds.entries()) {
      const line = open.find((l) => l.lineId === lineId)
      if (!line) throw validationFailed({ [`lineIds.${i}`]: 'line_not_open' })
      chosen.push(line)
    }
    const due = chosen.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
    if (body.amountMinor > due) {
      throw validationFailed({
        amountMinor: { code: 'override_over_due', values: { dueMinor: due } },
      })
    }
  }
  if (body.kind === 'refund' && body.method === 'bank') {
    if (!(await bankAccountKeys(tx, instituteId)).includes(body.bankAccount)) {
      throw validationFailed({ bankAccount: 'unknown_bank_account' })
    }
  }
  return { amountMinor: body.amountMinor, paymentId: null }
}

interface OverrideRun {
  overrideId: string
  reason: string
  /** Who carries it out: the requester, or the approver. */
  by: string
}

/** Carries out a checked override; answers the receipt or voucher it made. */
export async function runOverride(
  tx: Db,
  instituteId: string,
  body: ValidAdvanceOverride,
  checked: CheckedOverride,
  run: OverrideRun,
): Promise<{ paymentId: string | null; voucherId: string | null }> {
  if (body.kind === 'apply') {
    const open = await counterLines(
      tx,
      instituteId,
      (await familyMembers(tx, instituteId, body.studentId)).map((m) => m.id),
      await instituteToday(tx, instituteId),
    )
    const { allocations, restMinor } = allocate(
      open.filter((l) => body.lineIds.includes(l.lineId)),
      body.amountMinor,
    )
    if (restMinor > 0) {
      throw validationFailed({
        amountMinor: {
          code: 'override_over_due',
          values: { dueMinor: body.amountMinor - restMinor },
        },
      })
    }
    const payment = {
      studentId: body.studentId,
      allocations,
      advanceUsed: [{ studentId: body.studentId, amountMinor: body.amountMinor }],
      toAdvance: null,
      tenders: [],
    }
    const paymentId = await takePayment(tx, instituteId, payment, {
      collectedBy: run.by,
      idempotencyKey: `advance-override:${run.overrideId}`,
      payloadHash: fingerprintOf(payment),
    })
    return { paymentId, voucherId: null }
  }
  if (body.kind === 'undo') {
    await cancelPayment(tx, instituteId, checked.paymentId!, run.reason, run.by)
    return { paymentId: checked.paymentId, voucherId: null }
  }
  const amount = body.amountMinor
  const movement = { instituteId, reason: run.reason, createdBy: run.by }
  if (body.kind === 'transfer') {
    // Both sides are the one Student advances account: the ledger does not move, the two
    // students' advances do.
    await tx.insert(advanceMovements).values([
      { ...movement, studentId: body.studentId, kind: 'transfer', amountMinor: -amount },
      { ...movement, studentId: body.toStudentId, kind: 'transfer', amountMinor: amount },
    ])
    return { paymentId: null, voucherId: null }
  }
  const memo = run.reason
  const today = await instituteToday(tx, instituteId)
  // Cash paid back comes out of the drawer of who carries the refund out: on their open day.
  if (body.method === 'cash') await openDrawer(tx, instituteId, run.by, today)
  const voucher = await postVoucher(tx, instituteId, {
    type: 'payment',
    date: today,
    narration: `Advance refund: ${memo}`,
    lines: [
      { purpose: 'student_advance', debit: amount, memo },
      body.method === 'cash'
        ? { purpose: 'cash', credit: amount, memo }
        : { purpose: 'bank', key: body.bankAccount, credit: amount, memo },
    ],
    source: 'advance',
    createdBy: run.by,
  })
  await tx.insert(advanceMovements).values({
    ...movement,
    voucherId: voucher.id,
    studentId: body.studentId,
    kind: 'refund',
    amountMinor: -amount,
  })
  return { paymentId: null, voucherId: voucher.id }
}
