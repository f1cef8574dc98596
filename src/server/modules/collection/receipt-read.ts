import { and, asc, eq, sql } from 'drizzle-orm'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { users } from '../../db/schema/auth.ts'
import { paymentAllocations, payments } from '../../db/schema/collection.ts'
import { invoiceLines, invoices } from '../../db/schema/fee-invoices.ts'
import { feeHeads, paymentPeriods } from '../../db/schema/fee-setup.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { voucherReference } from '../accounting/posting.ts'
import { printSettingsOf } from '../fees/printing/invoice-print-read.ts'
import { lineBalance } from '../fees/invoices/line-balance.ts'
import { studentsWhere, type StudentRow } from './family-read.ts'
import { isUuid } from '../../lib/ids.ts'
import { counterSettingsOf } from './counter-settings.ts'
import { rowsOf } from '../../db/rows.ts'
import { receiptVerificationPath } from '../../../shared/public-pages.ts'
import { pgArray } from '../../lib/sql-arrays.ts'

/** What these students owe on their live lines now (principal; fines are a day's figure). */
export async function principalDue(db: Db, instituteId: string, studentIds: string[]) {
  const [row] = rowsOf<{ due: string | null }>(
    await db.execute(sql`select sum(${lineBalance}) as due
      from invoice_lines l
      join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
      where l.institute_id = ${instituteId}
        and l.student_id = any(${pgArray(studentIds)}::uuid[])
        and not l.cancelled and l.credits_line_id is null and i.credit_of is null`),
  )
  return Number(row?.due ?? 0)
}

/** A tender as the receipt's read gives it (json_build_object). */
type TenderRow = Omit<Receipt['tenders'][number], 'changeMinor'>

/** Σ of a payment's advance movements of one kind, as its receipt shows them (positive). */
const movementSum = (kind: 'used' | 'overpayment') =>
  sql<string>`(select coalesce(sum(abs(m.amount_minor)), 0) from advance_movements m
    where m.institute_id = ${payments.instituteId} and m.payment_id = ${payments.id}
      and m.kind = ${kind})`

/** A receipt of the institute as printed, or undefined. */
export async function findReceipt(
  db: Db,
  instituteId: string,
  id: string | undefined,
  /** A path's public address (lib/public-url.ts): the QR code's is under it. */
  linkTo: (path: string) => string,
): Promise<Receipt | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select({
      payment: payments,
      campusName: campuses.name,
      campusAddress: campuses.address,
      cashierName: users.fullName,
      voucher: { type: vouchers.type, fiscalYear: vouchers.fiscalYear, number: vouchers.number },
      // What else a receipt shows, in the same read: one statement, not four.
      tenders: sql<TenderRow[]>`(select coalesce(json_agg(json_build_object(
          'method', t.method, 'amountMinor', t.amount_minor, 'tenderedMinor', t.tendered_minor,
          'bankAccount', t.bank_account, 'reference', t.reference, 'issuer', t.issuer,
          'chequeDate', t.cheque_date, 'reversalReference', t.reversal_reference)
          order by t.line_no), '[]')
        from payment_tenders t
        where t.institute_id = ${payments.instituteId} and t.payment_id = ${payments.id})`,
      advanceUsed: movementSum('used'),
      toAdvance: movementSum('overpayment'),
      // The students it paid for or moved advances of, the one looked up first.
      studentIds: sql<string[]>`array(select s.student_id from (
          select ${payments.studentId} as student_id, 0 as first
          union all select a.student_id, 1 from payment_allocations a
            where a.institute_id = ${payments.instituteId} and a.payment_id = ${payments.id}
          union all select m.student_id, 1 from advance_movements m
            where m.institute_id = ${payments.instituteId} and m.payment_id = ${payments.id}
        ) s where s.student_id is not null
        group by s.student_id order by min(s.first), s.student_id)::text[]`,
      applicant: sql<{
        applicantName: string
        shortReference: string
        formTitle: string
      } | null>`(select json_build_object('applicantName', a.applicant_name,
          'shortReference', a.short_reference, 'formTitle', f.title)
        from applicants a join admission_forms f
          on f.institute_id = a.institute_id and f.id = a.form_id
        where a.institute_id = ${payments.instituteId} and a.id = ${payments.applicantId})`,
    })
    .from(payments)
    .innerJoin(campuses, rowKey(campuses, payments.instituteId, payments.campusId))
    .innerJoin(vouchers, rowKey(vouchers, payments.instituteId, payments.voucherId))
    .leftJoin(users, eq(users.id, payments.collectedBy))
    .where(rowKey(payments, instituteId, id))
  if (!row) return undefined
  const { payment, studentIds } = row
  const lines = await db
    .select({
      allocation: paymentAllocations,
      invoiceNumber: invoices.number,
      feeHeadName: feeHeads.name,
      periodName: paymentPeriods.name,
      dueDate: invoices.dueDate,
      priority: feeHeads.priority,
    })
    .from(paymentAllocations)
    .innerJoin(
      invoiceLines,
      rowKey(invoiceLines, paymentAllocations.instituteId, paymentAllocations.invoiceLineId),
    )
    .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
    .innerJoin(feeHeads, rowKey(feeHeads, invoiceLines.instituteId, invoiceLines.feeHeadId))
    .leftJoin(
      paymentPeriods,
      rowKey(paymentPeriods, invoiceLines.instituteId, invoiceLines.periodId),
    )
    .where(
      and(eq(paymentAllocations.instituteId, instituteId), eq(paymentAllocations.paymentId, id)),
    )
    .orderBy(asc(invoices.dueDate), asc(feeHeads.priority), asc(invoices.number))
  const studentRows = rowsOf<StudentRow>(
    await db.execute(studentsWhere(instituteId, sql`s.id = any(${pgArray(studentIds)}::uuid[])`)),
  )
  const [print, { receiptCopies }] = await Promise.all([
    printSettingsOf(db, instituteId),
    counterSettingsOf(db, instituteId),
  ])
  // Grouped by child, in the students' order (the one looked up first), each oldest due first.
  const rank = (studentId: string) => studentIds.indexOf(studentId)
  const byChild = [...lines].sort(
    (a, b) => rank(a.allocation.studentId) - rank(b.allocation.studentId),
  )
  const paidBy = (studentId: string) =>
    lines
      .filter((l) => l.allocation.studentId === studentId)
      .reduce((sum, l) => sum + l.allocation.principalMinor + l.allocation.fineMinor, 0)
  const payer = studentRows.find((r) => r.id === studentIds[0])
  return {
    id: payment.id,
    number: payment.number,
    status: payment.status,
    receivedOn: payment.receivedOn,
    receivedAt: payment.createdAt.toISOString(),
    campusName: row.campusName,
    campusAddress: row.campusAddress,
    // The guardian the family is kept under; the student when no guardian is named.
    payerName: payer ? payer.guardian_name || payer.full_name : null,
    cashierName: row.cashierName,
    students: studentIds.map((sid) => {
      const s = studentRows.find((r) => r.id === sid)!
      return {
        studentId: s.id,
        studentCode: s.student_code,
        fullName: s.full_name,
        className: s.class_name,
        roll: s.roll,
        paidMinor: paidBy(s.id),
      }
    }),
    applicant: row.applicant,
    lines: byChild.map((l) => ({
      studentId: l.allocation.studentId,
      invoiceNumber: l.invoiceNumber,
      feeHeadName: l.feeHeadName,
      periodName: l.periodName,
      principalMinor: l.allocation.principalMinor,
      fineMinor: l.allocation.fineMinor,
    })),
    tenders: row.tenders.map((t) => ({
      ...t,
      changeMinor: t.tenderedMinor === null ? 0 : t.tenderedMinor - t.amountMinor,
    })),
    advanceUsedMinor: Number(row.advanceUsed),
    toAdvanceMinor: Number(row.toAdvance),
    receivedMinor: payment.amountMinor,
    // Cancelled, its lines are due again: what is due now, not the figure after the payment.
    balanceDueMinor:
      payment.status === 'cancelled'
        ? await principalDue(db, instituteId, studentIds)
        : payment.balanceAfterMinor,
    voucherReference: voucherReference(
      row.voucher.type,
      row.voucher.fiscalYear,
      row.voucher.number,
    ),
    verifyCode: payment.verifyCode,
    verifyUrl: linkTo(receiptVerificationPath(payment.verifyCode)),
    cancelledAt: payment.cancelledAt?.toISOString() ?? null,
    cancelReason: payment.cancelReason,
    paper: print.paper,
    copies: receiptCopies,
    language: print.language ?? print.institute.locale,
    institute: print.institute,
  }
}
