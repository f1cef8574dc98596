import { sql } from 'drizzle-orm'
import type {
  LedgerEntryKind,
  StudentLedger,
  StudentLedgerRow,
} from '../../../shared/schemas/reports.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'

/*
 * One student's fee ledger, every figure dated as the ledger dates its posting (as the due
 * report counts them, due-read.ts): an invoice line on its invoice's issue day, a credit note's
 * line on the credit note's, a payment on the day it was received and its cancellation on the
 * day the reversal was posted. The balance is the principal owed: a fine is charged when it is
 * paid (the receipt credits it as it debits the fine) and taken back with its receipt; waivers
 * are shown but move nothing. The advance moves apart.
 */

interface EntryRow {
  date: string
  kind: string
  number: string | null
  invoice_id: string | null
  payment_id: string | null
  fee_head_name: string | null
  period_name: string | null
  debit: string
  credit: string
  advance: string
  waived: string
}

/** The advance's movements, as the ledger names them. */
const movementKinds: Record<string, LedgerEntryKind> = {
  overpayment: 'advanceDeposit',
  used: 'advanceUsed',
  cancelled: 'advanceCancelled',
  refund: 'advanceRefund',
  transfer: 'advanceTransfer',
}

/**
 * Every entry of the student up to `to`, in date order: a day's invoices and credit notes first,
 * then each receipt's entries together.
 */
async function entriesOf(db: Db, instituteId: string, studentId: string, to: string) {
  return rowsOf<EntryRow>(
    await db.execute(sql`
      with lines as (
        select l.id, l.invoice_id, l.line_no, l.fee_head_id, l.period_id, l.net_minor,
          l.credits_line_id, i.number, i.issue_date, i.concession_id
        from invoice_lines l
        join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
        where l.institute_id = ${instituteId} and l.student_id = ${studentId}
      ), allocations as (
        select a.principal_minor, a.fine_minor, p.id as payment_id, p.number, p.received_on,
          p.amount_minor, cv.date as cancelled_on, l.invoice_id, l.fee_head_id, l.period_id,
          l.line_no
        from payment_allocations a
        join payments p on p.institute_id = a.institute_id and p.id = a.payment_id
        join lines l on l.id = a.invoice_line_id
        left join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id
        where a.institute_id = ${instituteId} and a.student_id = ${studentId}
      ), entries as (
        select issue_date as date, 'invoice' as kind, 0 as rank, number, invoice_id,
          null::uuid as payment_id, fee_head_id, period_id, line_no, net_minor as debit,
          0 as credit, 0 as advance, 0 as waived
        from lines where credits_line_id is null
        union all
        select issue_date, case when concession_id is null then 'cancellation' else 'concession' end,
          1, number, invoice_id, null, fee_head_id, period_id, line_no, 0, -net_minor, 0, 0
        from lines where credits_line_id is not null
        union all
        select received_on, 'fine', 2, number, invoice_id, payment_id, fee_head_id, period_id,
          line_no, fine_minor, 0, 0, 0
        from allocations where fine_minor > 0
        union all
        select received_on, case when amount_minor = 0 then 'advancePayment' else 'payment' end, 3,
          number, invoice_id, payment_id, fee_head_id, period_id, line_no, 0,
          principal_minor + fine_minor, 0, 0
        from allocations
        union all
        select cancelled_on, 'paymentCancelled', 4, number, invoice_id, payment_id, fee_head_id,
          period_id, line_no, principal_minor + fine_minor, 0, 0, 0
        from allocations where cancelled_on is not null
        union all
        select cancelled_on, 'fineCancelled', 5, number, invoice_id, payment_id, fee_head_id,
          period_id, line_no, 0, fine_minor, 0, 0
        from allocations where cancelled_on is not null and fine_minor > 0
        union all
        select w.waived_on, 'waiver', 6, l.number, l.invoice_id, null, l.fee_head_id, l.period_id,
          l.line_no, 0, 0, 0, w.amount_minor
        from fine_waivers w join lines l on l.id = w.invoice_line_id
        where w.institute_id = ${instituteId}
        union all
        select coalesce(v.date, (m.created_at at time zone ins.timezone)::date), m.kind, 7,
          p.number, null, m.payment_id, null, null, 0, 0, 0, m.amount_minor, 0
        from advance_movements m
        join institutes ins on ins.id = m.institute_id
        left join vouchers v on v.institute_id = m.institute_id and v.id = m.voucher_id
        left join payments p on p.institute_id = m.institute_id and p.id = m.payment_id
        where m.institute_id = ${instituteId} and m.student_id = ${studentId}
      )
      select e.date::text as date, e.kind, e.number, e.invoice_id, e.payment_id,
        h.name as fee_head_name, pp.name as period_name, e.debit, e.credit, e.advance, e.waived
      from entries e
      left join fee_heads h on h.institute_id = ${instituteId} and h.id = e.fee_head_id
      left join payment_periods pp on pp.institute_id = ${instituteId} and pp.id = e.period_id
      where e.date <= ${to}
      order by e.date, e.rank > 1, e.number nulls last, e.rank, h.priority nulls last,
        e.line_no`),
  )
}

/**
 * The student's ledger from `from` to `to`: the opening balances (everything before `from`),
 * each row with the balances after it, the period's debits and credits, the closing balances.
 */
export async function studentLedgerRows(
  db: Db,
  instituteId: string,
  studentId: string,
  period: { from: string; to: string },
): Promise<Pick<StudentLedger, 'opening' | 'data' | 'totals' | 'closing'>> {
  const entries = await entriesOf(db, instituteId, studentId, period.to)
  const opening = { balanceMinor: 0, advanceMinor: 0 }
  const totals = { debitMinor: 0, creditMinor: 0 }
  let balanceMinor = 0
  let advanceBalanceMinor = 0
  const data: StudentLedgerRow[] = []
  for (const e of entries) {
    const [debitMinor, creditMinor, advanceMinor] = [e.debit, e.credit, e.advance].map(Number) as [
      number,
      number,
      number,
    ]
    balanceMinor += debitMinor - creditMinor
    advanceBalanceMinor += advanceMinor
    if (e.date < period.from) {
      opening.balanceMinor = balanceMinor
      opening.advanceMinor = advanceBalanceMinor
      continue
    }
    totals.debitMinor += debitMinor
    totals.creditMinor += creditMinor
    data.push({
      date: e.date,
      kind: movementKinds[e.kind] ?? (e.kind as LedgerEntryKind),
      documentNumber: e.number,
      invoiceId: e.invoice_id,
      paymentId: e.payment_id,
      feeHeadName: e.fee_head_name,
      periodName: e.period_name,
      debitMinor,
      creditMinor,
      balanceMinor,
      advanceMinor,
      advanceBalanceMinor,
      waivedMinor: Number(e.waived),
    })
  }
  return {
    opening,
    data,
    totals,
    closing: { balanceMinor, advanceMinor: advanceBalanceMinor },
  }
}

/** The student as the statement names them: the guardian, and the class of their latest session. */
export async function ledgerStudent(db: Db, instituteId: string, studentId: string) {
  const [row] = rowsOf<{
    id: string
    student_code: string
    full_name: string
    guardian_name: string
    class_name: string | null
    section_name: string | null
    roll: number | null
  }>(
    await db.execute(sql`
      select s.id, s.student_code, s.full_name, s.guardian_name, c.name as class_name,
        sc.name as section_name, e.roll
      from students s
      left join lateral (
        select e.* from enrolments e
        join academic_sessions se on se.institute_id = e.institute_id
          and se.id = e.academic_session_id
        where e.institute_id = s.institute_id and e.student_id = s.id
        order by se.starts_on desc limit 1
      ) e on true
      left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
      left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
      where s.institute_id = ${instituteId} and s.id = ${studentId}`),
  )
  return {
    id: row!.id,
    studentCode: row!.student_code,
    fullName: row!.full_name,
    guardianName: row!.guardian_name,
    className: row!.class_name,
    sectionName: row!.section_name,
    roll: row!.roll,
  }
}
