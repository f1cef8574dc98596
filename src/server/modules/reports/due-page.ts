import { sql } from 'drizzle-orm'
import { agingBucketOf, agingBuckets, type AgingBucket } from '../../../shared/schemas/reports.ts'
import type { Db } from '../../db/client.ts'
import { pgArray } from '../../lib/sql-arrays.ts'
import { rowsOf } from '../../db/rows.ts'
import {
  columns,
  finesOf,
  keptLines,
  matching,
  orderOf,
  placementOf,
  studentFilters,
  studentOrder,
  toRow,
  type DueReadOptions,
  type MatchingRow,
} from './due-read.ts'
import { keptDays, totalOwed } from './due-days.ts'

/** What a page's line shows beyond its student's placement: invoice number, head and period. */
const shownOf = (instituteId: string) => sql`
      join invoices i on i.institute_id = ${instituteId} and i.id = l.invoice_id
      join fee_heads h on h.institute_id = ${instituteId} and h.id = l.fee_head_id
      left join payment_periods pp on pp.institute_id = ${instituteId} and pp.id = l.period_id`

const shownColumns = sql`i.number as invoice_number, h.name as fee_head_name, h.priority,
  pp.name as period_name`

interface PlacedRow {
  /** A page's student (with their session), or null on a row of totals. */
  student_id: string | null
  academic_session_id: string | null
  /** How many lines come before the student's in the report's order. */
  before: number | null
  /** A due date's totals; null on the students' and on the row of all of them. */
  due_date: string | null
  lines: number | null
  principal: string | null
  students: number | null
}

/**
 * In the order of students (the report's first), which students' lines fall on the page, and
 * the totals, in one pass over what is owed per student and due day (keptDays: fee_dues, not
 * the lines): a row per student and session counts their lines, those rows placed, filtered
 * and sorted. Sorting every line owed by its student's placement was most of the report's time.
 */
function placedPageOf(o: DueReadOptions) {
  const { instituteId, query } = o
  const offset = (query.page - 1) * query.perPage
  const ofStudent = studentFilters(instituteId, query)
  return sql`${keptDays(o)}, by_student as (
      select student_id, academic_session_id, sum(lines)::int as lines from kept_days group by 1, 2
    ), placed as (
      select o.*, s.student_code, s.full_name, c.position as class_position,
        sc.name as section_name, e.roll
      from by_student o
      ${placementOf(instituteId, query)}
      ${ofStudent.length ? sql`where ${sql.join(ofStudent, sql` and `)}` : sql``}
    ), ordered as (
      select p.student_id, p.academic_session_id, p.lines,
        (sum(p.lines) over (order by ${studentOrder(query)} rows unbounded preceding))::int
          - p.lines as before
      from placed p
    ), due as (
      select due_date, sum(lines)::int as lines, sum(principal) as principal from kept_days
      ${
        ofStudent.length
          ? sql`where (student_id, academic_session_id) in
              (select student_id, academic_session_id from placed)`
          : sql``
      }
      group by due_date
    )
    select student_id, academic_session_id, before, null as due_date, null::int as lines,
      null::bigint as principal, null::int as students
    from ordered where before < ${offset + query.perPage} and before + lines > ${offset}
    union all
    select null, null, null, due_date::text, lines, principal, null from due
    union all
    select null, null, null, null, sum(lines)::int, (select sum(principal) from due),
      count(distinct student_id)::int
    from placed`
}

/** The page's lines: those of the page's students, read by student, in the report's order. */
function studentLinesOf(o: DueReadOptions, placed: PlacedRow[]) {
  const { instituteId, query } = o
  const students = placed.filter((r) => r.student_id !== null)
  const first = Math.min(...students.map((r) => r.before!))
  const studentIds = students.map((r) => r.student_id!)
  // The students were chosen with every filter; their lines need the line's own alone.
  const lineFilters = { ...query, familyOwesOver: undefined, familyOf: undefined }
  return sql`${keptLines({ ...o, query: lineFilters, studentIds })}
    select ${columns} from (
      select l.*, s.student_code, s.full_name, s.guardian_phone, c.name as class_name,
        c.position as class_position, sc.name as section_name, e.roll, ${shownColumns}
      from kept l
      join unnest(${pgArray(studentIds)}::uuid[],
          ${pgArray(students.map((r) => r.academic_session_id!))}::uuid[])
        as p(student_id, academic_session_id)
        on p.student_id = l.student_id and p.academic_session_id = l.academic_session_id
      ${placementOf(instituteId, lineFilters, sql`l`)}
      ${shownOf(instituteId)}
    ) r order by ${orderOf(query)}
    offset ${(query.page - 1) * query.perPage - first} limit ${query.perPage}`
}

/** The totals of the lines, from their sums per due date (each date's bucket the shared agingBucketOf). */
function totalsOf(rows: PlacedRow[], asOf: string) {
  const buckets = Object.fromEntries(agingBuckets.map((b) => [b, 0])) as Record<AgingBucket, number>
  for (const r of rows) {
    if (r.due_date !== null) buckets[agingBucketOf(r.due_date, asOf)] += Number(r.principal)
  }
  const all = rows.find((r) => r.student_id === null && r.due_date === null)
  return {
    lines: all?.lines ?? 0,
    principalMinor: Number(all?.principal ?? 0),
    students: all?.students ?? 0,
    buckets,
  }
}

/**
 * One page of `matching` in another order: the lines sorted carrying only what orders them, the
 * rest of their columns read for the page's lines alone.
 */
function pageOf(o: DueReadOptions) {
  const { instituteId, query } = o
  return sql`${matching(o)}, page as (
      select id, principal, fine_paid, due_date, academic_session_id, student_code, full_name,
        class_name, class_position, section_name, roll, priority
      from matching order by ${orderOf(query)}
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}
    )
    select ${columns} from (
      select p.*, l.invoice_id, l.student_id, l.period_id, s.guardian_phone, ${shownColumns}
      from page p
      join invoice_lines l on l.institute_id = ${instituteId} and l.id = p.id
      join students s on s.institute_id = ${instituteId} and s.id = l.student_id
      ${shownOf(instituteId)}
    ) r order by ${orderOf(query)}`
}

/** Whether the filters and the reader's scope keep every line the institute is owed. */
const keepsAll = (o: DueReadOptions) =>
  !o.scope.limited &&
  (
    ['academicSessionId', 'campusId', 'classId', 'groupId', 'sectionId', 'feeHeadId', 'q'] as const
  ).every((key) => !o.query[key]) &&
  o.query.familyOwesOver === undefined &&
  !o.query.familyOf

/**
 * One page of the lines the filters keep (each with its fine), and the totals of all of them:
 * principal, students and principal per aging bucket (their fines: dueFines); and Σ principal
 * the whole institute owes, whatever the filters (what the ledger's balance is checked against).
 * Only the page's lines leave the database; the totals are summed there.
 */
export async function dueReportPage(db: Db, o: DueReadOptions) {
  let rows: MatchingRow[] = []
  let placed: PlacedRow[]
  if ((o.query.sortBy ?? 'student') === 'student') {
    placed = rowsOf<PlacedRow>(await db.execute(placedPageOf(o)))
    if (placed.some((r) => r.student_id !== null)) {
      rows = rowsOf<MatchingRow>(await db.execute(studentLinesOf(o, placed)))
    }
  } else {
    rows = rowsOf<MatchingRow>(await db.execute(pageOf(o)))
    placed = rowsOf<PlacedRow>(
      await db.execute(sql`${matching({ ...o, placed: false })}
        select null as student_id,
          case when grouping(due_date) = 0 then due_date::text end as due_date,
          count(*)::int as lines, sum(principal) as principal,
          count(distinct student_id)::int as students
        from matching group by grouping sets ((due_date), ())`),
    )
  }
  const fines = await finesOf(db, o.instituteId, o.asOf, rows)
  const { lines, ...totals } = totalsOf(placed, o.asOf)
  return {
    data: rows.map(toRow(o.asOf, fines, o.withPhones)),
    total: lines,
    totals,
    instituteOwedMinor: keepsAll(o)
      ? totals.principalMinor
      : await totalOwed(db, o.instituteId, o.asOf),
  }
}
