import { sql } from 'drizzle-orm'
import type { TenderMethod } from '../../../shared/schemas/collection-search.ts'
import type { Dashboard, TrendMonth } from '../../../shared/schemas/report-dashboard.ts'
import { agingBucketOf, agingBuckets, type AgingBucket } from '../../../shared/schemas/reports.ts'
import type { VoucherType } from '../../../shared/schemas/accounting-queries.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { voucherReference } from '../accounting/posting.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'
import { owedLines } from '../fees/invoices/owed-lines.ts'
import { familyOfStudent } from './due-read.ts'

/*
 * The dashboards' figures, each the summary of a report and read as that report reads it: what
 * is owed from the due report's `owed` lines (students placed in the invoice's session), money
 * collected as the paid report's "received" (the tenders of receipts that stand) — of the
 * reader's campuses, as those reports read them (the latest vouchers are the institute's books,
 * which carry no campus).
 */

/** The tenders of receipts that stand, received from `from` to `to`. */
export async function collected(
  db: Db,
  instituteId: string,
  scope: CampusScope,
  from: string,
  to: string,
) {
  const [row] = rowsOf<{ n: string | null }>(
    await db.execute(sql`select sum(t.amount_minor) as n from payment_tenders t
      join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
      where t.institute_id = ${instituteId} and p.status = 'posted'
        and p.received_on between ${from} and ${to} and ${inCampusScope(scope, sql`p.campus_id`)}`),
  )
  return Number(row?.n ?? 0)
}

/** Invoice lines issued from `from` to `to`, less the credit notes' lines issued then. */
export async function billed(
  db: Db,
  instituteId: string,
  scope: CampusScope,
  from: string,
  to: string,
) {
  const [row] = rowsOf<{ n: string | null }>(
    await db.execute(sql`select sum(l.net_minor) as n from invoice_lines l
      join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
      where l.institute_id = ${instituteId} and i.issue_date between ${from} and ${to}
        and ${inCampusScope(scope, sql`i.campus_id`)}`),
  )
  return Number(row?.n ?? 0)
}

/** The first day of the month `back` months before `day`'s, as YYYY-MM-DD. */
export const monthStart = (day: string, back = 0) => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`)
  date.setUTCMonth(date.getUTCMonth() - back)
  return date.toISOString().slice(0, 10)
}
/** The last day of `start`'s month, or `asOf` when that comes first. */
const monthEnd = (start: string, asOf: string) => {
  const next = new Date(`${monthStart(start, -1)}T00:00:00Z`)
  const last = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10)
  return last < asOf ? last : asOf
}

/** Collected against billed per month, the 12 months to `asOf`'s, oldest first. */
export async function trend(
  db: Db,
  instituteId: string,
  scope: CampusScope,
  asOf: string,
): Promise<TrendMonth[]> {
  const from = monthStart(asOf, 11)
  const perMonth = async (query: ReturnType<typeof sql>) =>
    new Map(
      rowsOf<{ month: string; n: string }>(await db.execute(query)).map((r) => [
        r.month,
        Number(r.n),
      ]),
    )
  const money = await perMonth(sql`select to_char(p.received_on, 'YYYY-MM') as month,
      sum(t.amount_minor) as n
    from payment_tenders t
    join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
    where t.institute_id = ${instituteId} and p.status = 'posted'
      and p.received_on between ${from} and ${asOf} and ${inCampusScope(scope, sql`p.campus_id`)}
    group by 1`)
  const bills = await perMonth(sql`select to_char(i.issue_date, 'YYYY-MM') as month,
      sum(l.net_minor) as n
    from invoice_lines l
    join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
    where l.institute_id = ${instituteId} and i.issue_date between ${from} and ${asOf}
      and ${inCampusScope(scope, sql`i.campus_id`)}
    group by 1`)
  return Array.from({ length: 12 }, (_, k) => {
    const start = monthStart(asOf, 11 - k)
    const month = start.slice(0, 7)
    return {
      month,
      from: start,
      to: monthEnd(start, asOf),
      collectedMinor: money.get(month) ?? 0,
      billedMinor: bills.get(month) ?? 0,
    }
  })
}

/** The lines owed as of `asOf` in scope, with their student and placement in the invoice's session. */
const owedPlaced = (instituteId: string, scope: CampusScope, asOf: string) => sql`${owedLines(
  instituteId,
  asOf,
)},
  placed as (
    select o.*, s.full_name, s.student_code,
      ${familyOfStudent} as family, e.class_id
    from owed o
    join students s on s.institute_id = o.institute_id and s.id = o.student_id
    left join enrolments e on e.institute_id = o.institute_id and e.student_id = o.student_id
      and e.academic_session_id = o.academic_session_id
    where o.principal <> 0 and ${inCampusScope(scope, sql`o.campus_id`)}
  )`

/** Principal owed as of `asOf` per class, in the classes' order. */
export async function duesByClass(db: Db, instituteId: string, scope: CampusScope, asOf: string) {
  const rows = rowsOf<{
    class_id: string | null
    name: string | null
    students: string
    n: string
  }>(
    await db.execute(sql`${owedPlaced(instituteId, scope, asOf)}
      select p.class_id, c.name, count(distinct p.student_id) as students, sum(p.principal) as n
      from placed p
      left join classes c on c.institute_id = ${instituteId} and c.id = p.class_id
      group by p.class_id, c.name, c.position
      order by c.position nulls last, c.name`),
  )
  return rows.map((r) => ({
    classId: r.class_id,
    className: r.name,
    students: Number(r.students),
    principalMinor: Number(r.n),
  }))
}

/** Principal owed as of `asOf` per aging bucket: summed per due date here, bucketed as the due report does. */
export async function aging(db: Db, instituteId: string, scope: CampusScope, asOf: string) {
  const rows = rowsOf<{ due_date: string; n: string }>(
    await db.execute(sql`${owedPlaced(instituteId, scope, asOf)}
      select due_date::text as due_date, sum(principal) as n from placed group by 1`),
  )
  const buckets = Object.fromEntries(agingBuckets.map((b) => [b, 0])) as Record<AgingBucket, number>
  for (const r of rows) buckets[agingBucketOf(r.due_date, asOf)] += Number(r.n)
  return buckets
}

type Student = { id: string; name: string; studentCode: string }

/**
 * The five families (students sharing a guardian's phone; a student without one alone) owing
 * most past due as of `asOf` — due on or before it, as `agingBucketOf` counts a line overdue.
 */
export async function topFamilies(db: Db, instituteId: string, scope: CampusScope, asOf: string) {
  const rows = rowsOf<{ students: Student[] | string; n: string }>(
    await db.execute(sql`${owedPlaced(instituteId, scope, asOf)}, families as (
        select family, student_id, full_name, student_code, sum(principal) as overdue
        from placed where due_date <= ${asOf}
        group by family, student_id, full_name, student_code
      )
      select json_agg(json_build_object('id', student_id, 'name', full_name,
          'studentCode', student_code) order by full_name) as students,
        sum(overdue) as n
      from families group by family having sum(overdue) > 0
      order by n desc, min(full_name) limit 5`),
  )
  return rows.map((r) => ({
    students: typeof r.students === 'string' ? (JSON.parse(r.students) as Student[]) : r.students,
    overdueMinor: Number(r.n),
  }))
}

/** This month's tenders of receipts that stand, per method. */
export async function receiptsByMethod(
  db: Db,
  instituteId: string,
  scope: CampusScope,
  from: string,
  to: string,
) {
  const rows = rowsOf<{ method: TenderMethod; receipts: string; n: string }>(
    await db.execute(sql`select t.method, count(distinct t.payment_id) as receipts,
        sum(t.amount_minor) as n
      from payment_tenders t
      join payments p on p.institute_id = t.institute_id and p.id = t.payment_id
      where t.institute_id = ${instituteId} and p.status = 'posted'
        and p.received_on between ${from} and ${to} and ${inCampusScope(scope, sql`p.campus_id`)}
      group by 1 order by 3 desc, 1`),
  )
  return rows.map((r) => ({
    method: r.method,
    receipts: Number(r.receipts),
    amountMinor: Number(r.n),
  }))
}

/** The five vouchers dated last up to `asOf`, the last posted first. */
export async function latestVouchers(
  db: Db,
  instituteId: string,
  asOf: string,
): Promise<NonNullable<Dashboard['latestVouchers']>> {
  const rows = rowsOf<{
    id: string
    type: VoucherType
    fiscal_year: number
    number: number
    date: string
    narration: string
    total: string | null
  }>(
    await db.execute(sql`select v.id, v.type, v.fiscal_year, v.number, v.date::text as date,
        v.narration, (select sum(l.debit) from voucher_lines l
          where l.institute_id = v.institute_id and l.voucher_id = v.id) as total
      from vouchers v where v.institute_id = ${instituteId} and v.date <= ${asOf}
      order by v.date desc, v.created_at desc, v.number desc limit 5`),
  )
  return rows.map((r) => ({
    id: r.id,
    reference: voucherReference(r.type, r.fiscal_year, r.number),
    type: r.type,
    date: r.date,
    narration: r.narration,
    total: Number(r.total ?? 0),
  }))
}
