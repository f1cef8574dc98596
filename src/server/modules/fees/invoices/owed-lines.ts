import { sql, type SQL } from 'drizzle-orm'
import { pgArray } from '../../../lib/sql-arrays.ts'

/*
 * What is owed as of a day, line by line, from the documents alone — each figure dated as the
 * ledger dates its posting, so that Σ principal is the Fee receivable account's balance that day:
 * an invoice line counts from its invoice's issue day (its voucher's date), a credit note's line
 * (a concession, a cancellation) from the credit note's, a payment's principal from the day it
 * was received until the day its cancellation was posted.
 *
 * Read backwards from each line's balance now (balance_minor, kept on its row): as of `asOf` a
 * line owes its balance less the credit notes issued since, plus the principal of receipts
 * received since that still stand, less receipts that stood then and were cancelled since. So
 * only the lines owed now (an index) and those touched since `asOf` are read: as of today, no
 * payment or credit note of the past year is summed.
 */

/** A line read for `owed`: its invoice's session, campus and days are on it (migration 0040). */
const lineColumns = sql`l.id, l.invoice_id, l.student_id, l.fee_head_id, l.period_id,
  l.institute_id, l.balance_minor, l.fine_minor, l.due_date, l.academic_session_id, l.campus_id`

/** The condition keeping a column's students to these, if any are named. */
const studentsOnly = (studentIds?: readonly string[]) => (column: SQL) =>
  studentIds ? sql`and ${column} = any(${pgArray(studentIds)}::uuid[])` : sql``

/**
 * `credited_since` and `paid_since`: per line, what credit notes issued after `asOf` took off it
 * and what receipts after `asOf` (or cancelled after it) changed of its principal and fine —
 * what turns a line's balance now back into its balance as of `asOf`.
 */
export function changedSince(instituteId: string, asOf: string, studentIds?: readonly string[]) {
  const ofStudent = studentsOnly(studentIds)
  return sql`credited_since as (
    select cl.credits_line_id as line_id, sum(cl.net_minor)::bigint as minor
    from invoice_lines cl
    where cl.institute_id = ${instituteId} and cl.credits_line_id is not null
      and cl.issue_date > ${asOf} ${ofStudent(sql`cl.student_id`)}
    group by cl.credits_line_id
  ), paid_since as (
    select a.invoice_line_id as line_id,
      sum(case when p.received_on > ${asOf} then a.principal_minor else -a.principal_minor end)::bigint
        as principal,
      sum(case when p.received_on > ${asOf} then a.fine_minor else -a.fine_minor end)::bigint as fine
    from payments p
    left join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id
    join payment_allocations a on a.institute_id = p.institute_id and a.payment_id = p.id
    where p.institute_id = ${instituteId} ${ofStudent(sql`a.student_id`)}
      and ((p.received_on > ${asOf} and p.cancel_voucher_id is null)
        or (p.received_on <= ${asOf} and p.cancel_voucher_id is not null and cv.date > ${asOf}))
    group by a.invoice_line_id
  )`
}

/**
 * Each line of the institute (or of some students) with its principal owed as of `asOf` (credit
 * notes' lines are in the lines they credit) and the fine paid of it by then: the `owed`
 * relation every figure of what is owed is read from. The lines owed now are read from their
 * index alone (invoice_lines_owed_idx).
 */
export function owedLines(instituteId: string, asOf: string, studentIds?: readonly string[]) {
  const ofStudent = studentsOnly(studentIds)
  return sql`
  with ${changedSince(instituteId, asOf, studentIds)}, lines as (
    select ${lineColumns}
    from invoice_lines l
    where l.institute_id = ${instituteId} and l.credits_line_id is null and l.balance_minor <> 0
      and l.issue_date <= ${asOf} ${ofStudent(sql`l.student_id`)}
    union all
    select ${lineColumns}
    from (select line_id from credited_since union select line_id from paid_since) t
    join invoice_lines l on l.institute_id = ${instituteId} and l.id = t.line_id
    where l.balance_minor = 0 and l.issue_date <= ${asOf}
  ), owed as (
    select l.id, l.invoice_id, l.student_id, l.fee_head_id, l.period_id, l.institute_id,
      l.due_date, l.academic_session_id, l.campus_id,
      l.balance_minor - coalesce(cs.minor, 0) + coalesce(ps.principal, 0) as principal,
      l.fine_minor - coalesce(ps.fine, 0) as fine_paid
    from lines l
    left join credited_since cs on cs.line_id = l.id
    left join paid_since ps on ps.line_id = l.id
  )`
}
