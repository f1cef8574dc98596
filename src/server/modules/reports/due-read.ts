import { sql, type SQL } from 'drizzle-orm'
import {
  agingBucketOf,
  agingBuckets,
  type AgingBucket,
  type DueReportRow,
} from '../../../shared/schemas/reports.ts'
import { type DueReportQuery } from '../../../shared/schemas/report-search.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { chargedFines, finesApply } from '../fees/rules/fine-read.ts'
import { containing } from '../../lib/like.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

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

/** A line read for `owed`, with its invoice's number, due date, session and campus. */
const lineColumns = sql`l.id, l.invoice_id, l.student_id, l.fee_head_id, l.period_id,
  l.institute_id, l.balance_minor, l.fine_minor, i.number as invoice_number, i.due_date,
  i.academic_session_id, i.campus_id`

/**
 * Each line of the institute (or of one student) with its principal owed as of `asOf` (credit
 * notes' lines are in the lines they credit) and the fine paid of it by then: the `owed`
 * relation every figure of what is owed is read from. Each branch of `lines` joins its invoices
 * itself, where the planner knows how many rows to expect.
 */
export function owedLines(instituteId: string, asOf: string, studentId?: string) {
  const ofStudent = (column: SQL) => (studentId ? sql`and ${column} = ${studentId}` : sql``)
  return sql`
  with credited_since as (
    select cl.credits_line_id as line_id, sum(cl.net_minor)::bigint as minor
    from invoice_lines cl
    join invoices ci on ci.institute_id = cl.institute_id and ci.id = cl.invoice_id
    where cl.institute_id = ${instituteId} and cl.credits_line_id is not null
      and ci.issue_date > ${asOf} ${ofStudent(sql`cl.student_id`)}
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
  ), lines as (
    select ${lineColumns}
    from invoice_lines l
    join invoices i on i.institute_id = ${instituteId} and i.id = l.invoice_id
    where l.institute_id = ${instituteId} and l.credits_line_id is null and l.balance_minor <> 0
      and i.issue_date <= ${asOf} ${ofStudent(sql`l.student_id`)}
    union all
    select ${lineColumns}
    from (select line_id from credited_since union select line_id from paid_since) t
    join invoice_lines l on l.institute_id = ${instituteId} and l.id = t.line_id
    join invoices i on i.institute_id = ${instituteId} and i.id = l.invoice_id
    where l.balance_minor = 0 and i.issue_date <= ${asOf}
  ), owed as (
    select l.id, l.invoice_id, l.student_id, l.fee_head_id, l.period_id, l.institute_id,
      l.invoice_number, l.due_date, l.academic_session_id, l.campus_id,
      l.balance_minor - coalesce(cs.minor, 0) + coalesce(ps.principal, 0) as principal,
      l.fine_minor - coalesce(ps.fine, 0) as fine_paid
    from lines l
    left join credited_since cs on cs.line_id = l.id
    left join paid_since ps on ps.line_id = l.id
  )`
}

/**
 * A student's family, for "families owing more than": those sharing a guardian's phone; a
 * student without one is a family alone (`s` the students row).
 */
export const familyOfStudent = sql`coalesce(nullif(s.family_key, ''), s.id::text)`

/** What narrows the lines owed: placement, head, and on the due report a search and a family's debt. */
export type DueFilters = Pick<
  DueReportQuery,
  'academicSessionId' | 'campusId' | 'classId' | 'groupId' | 'sectionId' | 'feeHeadId'
> &
  Partial<Pick<DueReportQuery, 'q' | 'familyOwesOver'>>

/**
 * The lines owed, with their student's placement in the invoice's session, as the filters narrow
 * them. Lines of campuses out of the reader's scope are left out before anything is summed, a
 * family's debt ("families owing more than") included. A read that needs no student's column
 * (`placed: false`: sums by line, head or month) joins students only where a filter asks for it.
 */
export function matching(o: {
  instituteId: string
  asOf: string
  query: DueFilters
  scope: CampusScope
  placed?: boolean
}) {
  const { instituteId, asOf, query, scope } = o
  // A family's debt is summed over all its lines only when the filter asks for it.
  const family = query.familyOwesOver !== undefined
  const where: SQL[] = [sql`o.principal <> 0`]
  if (query.academicSessionId) where.push(sql`o.academic_session_id = ${query.academicSessionId}`)
  if (query.campusId) where.push(sql`o.campus_id = ${query.campusId}`)
  if (query.feeHeadId) where.push(sql`o.fee_head_id = ${query.feeHeadId}`)
  const ofStudent: SQL[] = []
  if (query.classId) ofStudent.push(sql`e.class_id = ${query.classId}`)
  if (query.groupId) ofStudent.push(sql`e.group_id = ${query.groupId}`)
  if (query.sectionId) ofStudent.push(sql`e.section_id = ${query.sectionId}`)
  if (query.q) {
    const pattern = containing(query.q)
    ofStudent.push(sql`(s.full_name ilike ${pattern} or s.student_code ilike ${pattern})`)
  }
  if (family) ofStudent.push(sql`f.owed > ${query.familyOwesOver}`)
  const scoped = sql`${owedLines(instituteId, asOf)}, scoped as (
      select * from owed o where ${inCampusScope(scope, sql`o.campus_id`)}
    )`
  if (o.placed === false && !ofStudent.length) {
    return sql`${scoped}, matching as (
      select * from scoped o where ${sql.join(where, sql` and `)}
    )`
  }
  return sql`${scoped}${
    family
      ? sql`, family as (
      select ${familyOfStudent} as family, sum(o.principal) as owed
      from scoped o join students s on s.institute_id = ${instituteId} and s.id = o.student_id
      group by 1
    )`
      : sql``
  }, matching as (
      select o.*, s.student_code, s.full_name, s.guardian_phone, e.class_id, c.name as class_name,
        c.position as class_position, sc.name as section_name, e.roll, h.name as fee_head_name,
        h.priority, pp.name as period_name
      from scoped o
      join students s on s.institute_id = ${instituteId} and s.id = o.student_id
      ${family ? sql`join family f on f.family = ${familyOfStudent}` : sql``}
      join fee_heads h on h.institute_id = ${instituteId} and h.id = o.fee_head_id
      left join payment_periods pp on pp.institute_id = ${instituteId} and pp.id = o.period_id
      left join enrolments e on e.institute_id = ${instituteId} and e.student_id = o.student_id
        and e.academic_session_id = o.academic_session_id
      left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
      left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
      where ${sql.join([...where, ...ofStudent], sql` and `)}
    )`
}

/** The report's orders, the first key in the direction asked for: by student (class, section, roll), due date or amount. */
export function orderOf(query: DueReportQuery): SQL {
  const direction = query.sortDesc ? sql`desc` : sql`asc`
  const byStudent = sql`class_position nulls last, section_name nulls last, roll nulls last,
    full_name, student_code`
  switch (query.sortBy ?? 'student') {
    case 'student':
      return sql`class_position ${direction} nulls last, section_name ${direction} nulls last,
        roll ${direction} nulls last, full_name ${direction}, student_code, due_date, priority, id`
    case 'dueDate':
      return sql`due_date ${direction}, ${byStudent}, priority, id`
    case 'principal':
      return sql`principal ${direction}, ${byStudent}, due_date, id`
  }
}

export interface MatchingRow {
  id: string
  invoice_id: string
  invoice_number: string
  student_id: string
  student_code: string
  full_name: string
  class_name: string | null
  section_name: string | null
  roll: number | null
  guardian_phone: string
  fee_head_name: string
  period_name: string | null
  period_id: string | null
  due_date: string
  principal: string
  fine_paid: string
}

/** A line as its fine is read. */
type FinedRow = Pick<
  MatchingRow,
  'id' | 'student_id' | 'period_id' | 'due_date' | 'principal' | 'fine_paid'
>

export const columns = sql`id, invoice_id, invoice_number, student_id, student_code, full_name,
  class_name, section_name, roll, guardian_phone, fee_head_name, period_name, period_id,
  due_date::text as due_date, principal, fine_paid`

/**
 * The fine still owed on each of these lines as of `asOf`: what the fine rules charge by then
 * (waivers granted by then taken off) less what was paid of it by then. Only lines past due
 * with principal owed are fined.
 */
export async function finesOf(db: Db, instituteId: string, asOf: string, rows: FinedRow[]) {
  const fined = rows.filter((r) => r.due_date < asOf && Number(r.principal) > 0)
  const charged = await chargedFines(
    db,
    instituteId,
    fined.map((r) => ({
      id: r.id,
      studentId: r.student_id,
      periodId: r.period_id,
      cancelled: false,
    })),
    asOf,
  )
  return new Map(
    fined.map((r) => [r.id, Math.max(0, charged.get(r.id)!.amount - Number(r.fine_paid))]),
  )
}

export const toRow =
  (asOf: string, fines: Map<string, number>, withPhones: boolean) =>
  (r: MatchingRow): DueReportRow => ({
    lineId: r.id,
    invoiceId: r.invoice_id,
    invoiceNumber: r.invoice_number,
    studentId: r.student_id,
    studentCode: r.student_code,
    fullName: r.full_name,
    className: r.class_name,
    sectionName: r.section_name,
    roll: r.roll,
    guardianPhone: withPhones ? r.guardian_phone : null,
    feeHeadName: r.fee_head_name,
    periodName: r.period_name,
    dueDate: r.due_date,
    bucket: agingBucketOf(r.due_date, asOf),
    principalMinor: Number(r.principal),
    fineMinor: fines.get(r.id) ?? 0,
  })

export interface DueReadOptions {
  instituteId: string
  asOf: string
  query: DueReportQuery
  withPhones: boolean
  /** The campuses the reader may see (`lib/campus-scope.ts`). */
  scope: CampusScope
}

interface TotalsRow {
  /** Null on the row of all of them. */
  due_date: string | null
  lines: number
  principal: string
  students: number
}

/** The totals of the lines, from their sums per due date (each date's bucket the shared agingBucketOf). */
function totalsOf(rows: TotalsRow[], asOf: string) {
  const buckets = Object.fromEntries(agingBuckets.map((b) => [b, 0])) as Record<AgingBucket, number>
  for (const r of rows) {
    if (r.due_date !== null) buckets[agingBucketOf(r.due_date, asOf)] += Number(r.principal)
  }
  const all = rows.find((r) => r.due_date === null)
  return {
    lines: all?.lines ?? 0,
    principalMinor: Number(all?.principal ?? 0),
    students: all?.students ?? 0,
    buckets,
  }
}

/**
 * The fine still owed as of `asOf` on every line the filters keep, however many pages: read
 * only where a fine rule is in force, and then only the lines past due with principal owed.
 */
export async function dueFines(
  db: Db,
  o: Pick<DueReadOptions, 'instituteId' | 'asOf' | 'scope'> & { query: DueFilters },
) {
  if (!(await finesApply(db, o.instituteId))) return 0
  const fined = rowsOf<FinedRow>(
    await db.execute(sql`${matching({ ...o, placed: false })}
      select id, student_id, period_id, due_date::text as due_date, principal, fine_paid
      from matching where due_date < ${o.asOf} and principal > 0`),
  )
  const fines = await finesOf(db, o.instituteId, o.asOf, fined)
  return [...fines.values()].reduce((sum, fine) => sum + fine, 0)
}

/**
 * One page of `matching`: the lines sorted carrying only what orders them (the sort of every
 * line owed is most of the read), the rest of their columns read for the page's lines alone.
 */
function pageOf(o: DueReadOptions) {
  const { instituteId, query } = o
  return sql`${matching(o)}, page as (
      select id, principal, fine_paid, due_date, student_code, full_name, class_name,
        class_position, section_name, roll, priority
      from matching order by ${orderOf(query)}
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}
    )
    select ${columns} from (
      select p.*, l.invoice_id, i.number as invoice_number, l.student_id, s.guardian_phone,
        h.name as fee_head_name, pp.name as period_name, l.period_id
      from page p
      join invoice_lines l on l.institute_id = ${instituteId} and l.id = p.id
      join invoices i on i.institute_id = ${instituteId} and i.id = l.invoice_id
      join students s on s.institute_id = ${instituteId} and s.id = l.student_id
      join fee_heads h on h.institute_id = ${instituteId} and h.id = l.fee_head_id
      left join payment_periods pp on pp.institute_id = ${instituteId} and pp.id = l.period_id
    ) r order by ${orderOf(query)}`
}

/** Whether the filters and the reader's scope keep every line the institute is owed. */
const keepsAll = (o: DueReadOptions) =>
  !o.scope.limited &&
  (
    ['academicSessionId', 'campusId', 'classId', 'groupId', 'sectionId', 'feeHeadId', 'q'] as const
  ).every((key) => !o.query[key]) &&
  o.query.familyOwesOver === undefined

/**
 * One page of the lines the filters keep (each with its fine), and the totals of all of them:
 * principal, students and principal per aging bucket (their fines: dueFines); and Σ principal
 * the whole institute owes, whatever the filters (what the ledger's balance is checked against).
 * Only the page's lines leave the database; the totals are summed there.
 */
export async function dueReportPage(db: Db, o: DueReadOptions) {
  const rows = rowsOf<MatchingRow>(await db.execute(pageOf(o)))
  const fines = await finesOf(db, o.instituteId, o.asOf, rows)
  const { lines, ...totals } = totalsOf(
    rowsOf<TotalsRow>(
      await db.execute(sql`${matching({ ...o, placed: false })}
        select case when grouping(due_date) = 0 then due_date::text end as due_date,
          count(*)::int as lines, sum(principal) as principal,
          count(distinct student_id)::int as students
        from matching group by grouping sets ((due_date), ())`),
    ),
    o.asOf,
  )
  return {
    data: rows.map(toRow(o.asOf, fines, o.withPhones)),
    total: lines,
    totals,
    instituteOwedMinor: keepsAll(o)
      ? totals.principalMinor
      : await totalOwed(db, o.instituteId, o.asOf),
  }
}

/** Σ principal owed by every student of the institute as of `asOf`, whatever a report's filters. */
export async function totalOwed(db: Db, instituteId: string, asOf: string): Promise<number> {
  const [row] = rowsOf<{ n: string | null }>(
    await db.execute(sql`${owedLines(instituteId, asOf)} select sum(principal) as n from owed`),
  )
  return Number(row?.n ?? 0)
}

/**
 * What one student owes as of `asOf`, as the due report counts it (their lines of its rows):
 * Σ principal, and the fine accrued apart. A student ledger's closing balance is checked by it.
 */
export async function studentOwed(db: Db, instituteId: string, studentId: string, asOf: string) {
  const rows = rowsOf<FinedRow>(
    await db.execute(sql`${owedLines(instituteId, asOf, studentId)}
      select id, student_id, period_id, due_date::text as due_date, principal, fine_paid
      from owed where principal <> 0`),
  )
  const fines = await finesOf(db, instituteId, asOf, rows)
  return {
    principalMinor: rows.reduce((sum, r) => sum + Number(r.principal), 0),
    fineMinor: [...fines.values()].reduce((sum, fine) => sum + fine, 0),
  }
}
