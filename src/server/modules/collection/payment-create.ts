import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { MappingPurpose } from '../../../shared/schemas/accounting.ts'
import type { KeptTender, ValidPayment } from '../../../shared/schemas/collection-payments.ts'
import type { ErrorDetail } from '../../../shared/schemas/api-error.ts'
import { fiscalYearOf } from '../../../shared/fiscal-year.ts'
import type { Db } from '../../db/client.ts'
import {
  advanceMovements,
  paymentAllocations,
  payments,
  paymentTenders,
  receiptCounters,
} from '../../db/schema/collection.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { conflict, validationFailed } from '../../lib/errors.ts'
import { coaSettingsOf } from '../accounting/fiscal-year.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher, type PostingLine } from '../accounting/posting.ts'
import { pgArray } from '../../lib/sql-arrays.ts'
import { familyIds } from './family-read.ts'
import { openDrawer } from './cashier-day.ts'
import { advanceBalances } from './advance-balances.ts'
import { counterLines, type CounterLine } from '../fees/invoices/open-lines.ts'
import { refreshInvoiceStatuses } from './invoice-status.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { counterSettingsOf } from './counter-settings.ts'
import { principalDue } from './receipt-read.ts'

/** A payment as the counter sends it, or as an online payment is taken (tender `online`). */
type Payment = Omit<ValidPayment, 'tenders'> & { tenders: KeptTender[] }

const sum = (values: number[]) => values.reduce((s, x) => s + x, 0)

/** The money account a tender is received into. */
export const tenderAccount = (t: KeptTender): { purpose: MappingPurpose; key: string } =>
  t.method === 'cash'
    ? { purpose: 'cash', key: '' }
    : t.method === 'bank' || t.method === 'cheque'
      ? { purpose: 'bank', key: t.bankAccount }
      : { purpose: 'gateway_clearing', key: '' }

/** Ten characters of base32 without look-alikes: unguessable, and short enough to type. */
export const verifyCode = () => {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')
}

/**
 * The tenders' bank accounts must be mapped ones, and a mobile-money provider one of the
 * institute's list (where it keeps one): named by the field, before anything posts.
 */
export async function assertBankAccounts(tx: Db, instituteId: string, tenders: KeptTender[]) {
  const errors: Record<string, ErrorDetail[]> = {}
  if (tenders.some((t) => tenderAccount(t).purpose === 'bank')) {
    const mapped = new Set(await bankAccountKeys(tx, instituteId))
    for (const [i, t] of tenders.entries()) {
      if (tenderAccount(t).purpose === 'bank' && !mapped.has(t.bankAccount)) {
        errors[`tenders.${i}.bankAccount`] = [{ code: 'unknown_bank_account' }]
      }
    }
  }
  if (tenders.some((t) => t.method === 'mobile')) {
    const { mobileProviders } = await counterSettingsOf(tx, instituteId)
    for (const [i, t] of tenders.entries()) {
      if (t.method === 'mobile' && mobileProviders.length && !mobileProviders.includes(t.issuer)) {
        errors[`tenders.${i}.issuer`] = [{ code: 'mobile_provider_unknown' }]
      }
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors)
}

/**
 * The receipt voucher: Dr each money account (cash, a bank, gateway clearing), Cr Fee receivable
 * for the principal and Fine income for the fines; advances used and over-payment meet on the
 * Student advances account, which takes their difference on one side.
 */
function receiptLines(payment: Payment, number: string): PostingLine[] {
  const debits = new Map<string, PostingLine & { debit: number }>()
  for (const t of payment.tenders) {
    const { purpose, key } = tenderAccount(t)
    const at = debits.get(`${purpose}/${key}`) ?? { purpose, key, debit: 0, memo: number }
    at.debit += t.amountMinor
    debits.set(`${purpose}/${key}`, at)
  }
  const used = sum(payment.advanceUsed.map((a) => a.amountMinor))
  const over = payment.toAdvance?.amountMinor ?? 0
  const principal = sum(payment.allocations.map((a) => a.principalMinor))
  const fine = sum(payment.allocations.map((a) => a.fineMinor))
  const lines: PostingLine[] = [...debits.values()]
  if (used > over) lines.push({ purpose: 'student_advance', debit: used - over, memo: number })
  if (principal > 0) lines.push({ purpose: 'fee_receivable', credit: principal, memo: number })
  if (fine > 0) lines.push({ purpose: 'fine_income', credit: fine, memo: number })
  if (over > used) lines.push({ purpose: 'student_advance', credit: over - used, memo: number })
  return lines
}

/** The next receipt number of the campus in the fiscal year: gap-free, given back on rollback. */
export async function takeReceiptNumber(
  tx: Db,
  instituteId: string,
  campusId: string,
  today: string,
) {
  const { fiscalYearStartMonth } = await coaSettingsOf(tx, instituteId)
  const fiscalYear = fiscalYearOf(today, fiscalYearStartMonth)
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ instituteId, campusId, fiscalYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.instituteId, receiptCounters.campusId, receiptCounters.fiscalYear],
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ sequence: receiptCounters.lastNumber })
  const [campus] = await tx
    .select({ code: campuses.code })
    .from(campuses)
    .where(rowKey(campuses, instituteId, campusId))
  const sequence = counter!.sequence
  const number = `RCT-${campus!.code}-${fiscalYear}-${String(sequence).padStart(6, '0')}`
  return { fiscalYear, sequence, number }
}

/**
 * Checks the prepared payment against the family's lines as they stand now, under lock: every
 * line is the family's and still open, no principal over what is left (409: another counter was
 * faster), no fine over the fine as of today, a line's fine before its principal, no advance
 * used beyond its balance. Throws; nothing is written before it passes. Answers the lines as
 * they stand.
 */
async function assertStillDue(
  tx: Db,
  instituteId: string,
  payment: Payment,
  memberIds: string[],
  today: string,
): Promise<CounterLine[]> {
  const members = new Set(memberIds)
  const errors: Record<string, ErrorDetail[]> = {}
  for (const [i, a] of payment.advanceUsed.entries()) {
    if (!members.has(a.studentId))
      errors[`advanceUsed.${i}.studentId`] = [{ code: 'not_family_member' }]
  }
  if (payment.toAdvance && !members.has(payment.toAdvance.studentId)) {
    errors['toAdvance.studentId'] = [{ code: 'not_family_member' }]
  }
  const seen = new Set<string>()
  for (const [i, a] of payment.allocations.entries()) {
    if (seen.has(a.lineId)) errors[`allocations.${i}.lineId`] = [{ code: 'payment_line_twice' }]
    seen.add(a.lineId)
  }
  if (Object.keys(errors).length) throw validationFailed(errors)

  const lines = await counterLines(tx, instituteId, memberIds, today, { lock: true, settled: true })
  for (const [i, a] of payment.allocations.entries()) {
    const line = lines.find((l) => l.lineId === a.lineId)
    if (!line) throw validationFailed({ [`allocations.${i}.lineId`]: 'line_not_open' })
    // More than the line ever asked is bad input; more than is left of it, another counter's.
    if (a.principalMinor > line.netMinor) {
      throw validationFailed({
        [`allocations.${i}.principalMinor`]: {
          code: 'allocation_over_line',
          values: { netMinor: line.netMinor },
        },
      })
    }
    if (a.principalMinor > line.dueMinor) {
      throw conflict('line_already_paid', {
        values: { leftMinor: line.dueMinor, head: line.feeHeadName },
      })
    }
    if (a.fineMinor > line.fineMinor) {
      throw conflict('fine_changed', {
        values: { fineMinor: line.fineMinor, head: line.feeHeadName },
      })
    }
    if (a.principalMinor > 0 && a.fineMinor < line.fineMinor) {
      throw validationFailed({ [`allocations.${i}.fineMinor`]: 'fine_first' })
    }
  }
  // Advances pay lines: what is left over is money received, never one advance moved to
  // another (that is a transfer, an override of its own).
  const paid = sum(payment.allocations.map((a) => a.principalMinor + a.fineMinor))
  if (sum(payment.advanceUsed.map((a) => a.amountMinor)) > paid) {
    throw validationFailed({ advanceUsed: 'advance_over_lines' })
  }
  const usedIds = payment.advanceUsed.map((a) => a.studentId)
  if (usedIds.length) {
    // Advances used take turns per student: two counters never spend one advance twice.
    await tx.execute(sql`select id from students where institute_id = ${instituteId}
      and id = any(${pgArray(usedIds)}::uuid[]) order by id for no key update`)
    const balances = await advanceBalances(tx, instituteId, usedIds)
    for (const [i, a] of payment.advanceUsed.entries()) {
      const available = balances.get(a.studentId) ?? 0
      const asked = sum(
        payment.advanceUsed.filter((u) => u.studentId === a.studentId).map((u) => u.amountMinor),
      )
      if (asked > available) {
        throw validationFailed({
          [`advanceUsed.${i}.amountMinor`]: {
            code: 'advance_insufficient',
            values: { availableMinor: available },
          },
        })
      }
    }
  }
  return lines
}

/** A receipt's tenders as they were handed over (cash with what was tendered, for the change). */
export async function insertTenders(
  tx: Db,
  instituteId: string,
  paymentId: string,
  tenders: KeptTender[],
) {
  if (!tenders.length) return
  await tx.insert(paymentTenders).values(
    tenders.map((t, i) => ({
      instituteId,
      paymentId,
      lineNo: i + 1,
      method: t.method,
      amountMinor: t.amountMinor,
      tenderedMinor: t.method === 'cash' ? (t.tenderedMinor ?? t.amountMinor) : null,
      bankAccount: t.bankAccount,
      reference: t.reference,
      issuer: t.issuer,
      chequeDate: t.chequeDate ?? null,
    })),
  )
}

/** The payment an Idempotency-Key already saved, for `withIdempotency`'s `find`. */
export const paymentByKey = (db: Db, instituteId: string) => async (key: string) => {
  const [earlier] = await db
    .select({ id: payments.id, hash: payments.payloadHash })
    .from(payments)
    .where(and(eq(payments.instituteId, instituteId), eq(payments.idempotencyKey, key)))
  return earlier && { fingerprint: earlier.hash, answer: earlier.id }
}

export interface TakeOptions {
  /** The cashier; none for an advance applied by the system at invoicing. */
  collectedBy: string | null
  idempotencyKey: string
  payloadHash: string
  /**
   * The day the payment's fines are judged as of, when not today: an online payment pays the
   * fines its intent fixed, whenever the gateway confirms it.
   */
  finesAsOf?: string | null
}

/**
 * Takes a payment at the counter in the caller's transaction: checks it against the lines as
 * they stand (under lock), numbers the receipt, posts the receipt voucher and writes where each
 * minor unit went — invoice lines' principal and fines, advances used and added — then the
 * invoices' statuses. Answers the payment's id.
 */
export async function takePayment(
  tx: Db,
  instituteId: string,
  payment: Payment,
  options: TakeOptions,
): Promise<string> {
  if (!payment.tenders.length && !payment.allocations.length) {
    throw validationFailed({ allocations: 'payment_nothing_to_pay' })
  }
  const family = await familyIds(tx, instituteId, payment.studentId)
  const today = await instituteToday(tx, instituteId)
  // A closed day's drawer is counted: money taken after it goes on no day. An advance applied
  // (no money taken) touches no drawer. Taking money and closing the day take turns on the
  // day's lock: the payment lands before the closing reads the drawer, or sees it closed.
  const cashier = options.collectedBy
  if (payment.tenders.length && cashier) await openDrawer(tx, instituteId, cashier, today)
  await assertBankAccounts(tx, instituteId, payment.tenders)
  const lines = await assertStillDue(
    tx,
    instituteId,
    payment,
    family.ids,
    options.finesAsOf ?? today,
  )
  const allocations = payment.allocations.filter((a) => a.principalMinor + a.fineMinor > 0)
  // What the receipt's students owe once it is taken (its lines are locked: nobody else moves
  // them): what they owe now less the principal it pays.
  const receiptStudents = [
    ...new Set([
      payment.studentId,
      ...allocations.map((a) => lines.find((l) => l.lineId === a.lineId)!.studentId),
      ...payment.advanceUsed.map((a) => a.studentId),
      ...(payment.toAdvance ? [payment.toAdvance.studentId] : []),
    ]),
  ]
  const owed =
    (await principalDue(tx, instituteId, receiptStudents)) -
    sum(allocations.map((a) => a.principalMinor))

  const { fiscalYear, sequence, number } = await takeReceiptNumber(
    tx,
    instituteId,
    family.campusId,
    today,
  )
  const received = sum(payment.tenders.map((t) => t.amountMinor))
  const voucher = await postVoucher(tx, instituteId, {
    type: received > 0 ? 'receipt' : 'journal',
    date: today,
    narration: `Receipt ${number}`,
    lines: receiptLines(payment, number),
    source: 'collection',
    createdBy: options.collectedBy,
  })
  const [row] = await tx
    .insert(payments)
    .values({
      instituteId,
      campusId: family.campusId,
      number,
      fiscalYear,
      sequence,
      studentId: payment.studentId,
      receivedOn: today,
      amountMinor: received,
      balanceAfterMinor: owed,
      voucherId: voucher.id,
      verifyCode: verifyCode(),
      collectedBy: options.collectedBy,
      idempotencyKey: options.idempotencyKey,
      payloadHash: options.payloadHash,
    })
    .returning({ id: payments.id })
  const paymentId = row!.id
  await insertTenders(tx, instituteId, paymentId, payment.tenders)
  if (allocations.length) {
    await tx.insert(paymentAllocations).values(
      allocations.map((a) => ({
        instituteId,
        paymentId,
        invoiceLineId: a.lineId,
        studentId: lines.find((l) => l.lineId === a.lineId)!.studentId,
        principalMinor: a.principalMinor,
        fineMinor: a.fineMinor,
      })),
    )
    // Every line in one statement (each line once: assertStillDue refused a line twice).
    await tx.execute(sql`update invoice_lines l
      set paid_minor = l.paid_minor + a.principal, fine_minor = l.fine_minor + a.fine
      from unnest(${pgArray(allocations.map((a) => a.lineId))}::uuid[],
        ${pgArray(allocations.map((a) => a.principalMinor))}::bigint[],
        ${pgArray(allocations.map((a) => a.fineMinor))}::bigint[]) as a(id, principal, fine)
      where l.institute_id = ${instituteId} and l.id = a.id`)
    await refreshInvoiceStatuses(
      tx,
      instituteId,
      allocations.map((a) => a.lineId),
    )
  }
  const movements = [
    ...payment.advanceUsed.map((a) => ({
      studentId: a.studentId,
      kind: 'used' as const,
      amountMinor: -a.amountMinor,
    })),
    ...(payment.toAdvance ? [{ ...payment.toAdvance, kind: 'overpayment' as const }] : []),
  ]
  if (movements.length) {
    await tx.insert(advanceMovements).values(
      movements.map((m) => ({
        instituteId,
        ...m,
        paymentId,
        voucherId: voucher.id,
        reason: number,
        createdBy: options.collectedBy,
      })),
    )
  }
  return paymentId
}
