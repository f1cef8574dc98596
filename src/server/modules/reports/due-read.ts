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
import { chargedFines } from '../fees/rules/fine-read.ts'
import { containing } from '../../lib/like.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

/*
 * What is owed as of a day, line by line, from the documents alone — each figure dated as the
 * ledger dates its posting, so that Σ principal is the Fee receivable account's balance that day:
 * an invoice line counts from its invoice's issue day (its voucher's date), a credit note's line
 * (a concession, a cancellation) from the credit note's, a payment's principal from the day it
 * was received until the day its cancellation was posted.
 */

/**
 * Each line of the institute (or of one student) with its principal owed as of `asOf` (credit
 * notes' lines are in the lines they credit): the `owed` relation every figure of what is owed
 * is read from.
 */
export function owedLines(instituteId: string, asOf: string, studentId?: string) {
  const ofStudent = (column: SQL) => (studentId ? sql`and ${column} = ${studentId}` : sql``)
  return sql`
  with credited as (
    select cl.credits_line_id as line_id, sum(cl.net_minor) as minor
    from invoice_lines cl
    join invoices ci on ci.institute_id = cl.institute_id and ci.id = cl.invoice_id
    where cl.institute_id = ${instituteId} and cl.credits_line_id is not null
      and ci.issue_date <= ${asOf} ${ofStudent(sql`cl.student_id`)}
    group by cl.credits_line_id
  ), paid as (
    select a.invoice_line_id as line_id, sum(a.principal_minor) as principal,
      sum(a.fine_minor) as fine
    from payment_allocations a
    join payments p on p.institute_id = a.institute_id and p.id = a.payment_id
    left join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id
    where a.institute_id = ${instituteId} and p.received_on <= ${asOf}
      and (cv.id is null or cv.date > ${asOf}) ${ofStudent(sql`a.student_id`)}
    group by a.invoice_line_id
  ), owed as (
    select l.id, l.invoice_id, l.student_id, l.fee_head_id, l.period_id, l.institute_id,
      i.number as invoice_number, i.due_date, i.academic_session_id, i.campus_id,
      l.net_minor + coalesce(cr.minor, 0) - coalesce(pd.principal, 0) as principal,
      coalesce(pd.fine, 0) as fine_paid
    from invoice_lines l
    join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
    left join credited cr on cr.line_id = l.id
    left join paid pd on pd.line_id = l.id
    where l.institute_id = ${instituteId} and l.credits_line_id is null
      and i.issue_date <= ${asOf} ${ofStudent(sql`l.student_id`)}
  )`
}

/**
 * A student's family, for "families owing more than": those sharing a guardian's phone; a
 * student without one is a family alone (`s` the students row).
 */
export const familyOfStudent = sql`coalesce(nullif(s.family_key, ''), s.id::text)`

/** What narrows the lines owed: placement, head, and on the due report a search and a family's debt. */
type DueFilters = Pick<
  DueReportQuery,
  'academicSessionId' | 'campusId' | 'classId' | 'groupId' | 'sectionId' | 'feeHeadId'
> &
  Partial<Pick<DueReportQuery, 'q' | 'familyOwesOver'>>

/**
 * The lines owed, with their student's placement in the invoice's session, as the filters narrow
 * them. Lines of campuses out of the reader's scope are left out before anything is summed, a
 * family's debt ("families owing more than") included.
 */
function matching(o: { instituteId: string; asOf: string; query: DueFilters; scope: CampusScope }) {
  const { instituteId, asOf, query, scope } = o
  const where: SQL[] = [sql`o.principal <> 0`]
  if (query.academicSessionId) where.push(sql`o.academic_session_id = ${query.academicSessionId}`)
  if (query.campusId) where.push(sql`o.campus_id = ${query.campusId}`)
  if (query.classId) where.push(sql`e.class_id = ${query.classId}`)
  if (query.groupId) where.push(sql`e.group_id = ${query.groupId}`)
  if (query.sectionId) where.push(sql`e.section_id = ${query.sectionId}`)
  if (query.feeHeadId) where.push(sql`o.fee_head_id = ${query.feeHeadId}`)
  if (query.q) {
    const pattern = containing(query.q)
    where.push(sql`(s.full_name ilike ${pattern} or s.student_code ilike ${pattern})`)
  }
  if (query.familyOwesOver !== undefined) {
    where.push(sql`f.owed > ${query.familyOwesOver}`)
  }
  return sql`${owedLines(instituteId, asOf)}, scoped as (
      select * from owed o where ${inCampusScope(scope, sql`o.campus_id`)}
    ), family as (
      select ${familyOfStudent} as family, sum(o.principal) as owed
      from scoped o join students s on s.institute_id = o.institute_id and s.id = o.student_id
      group by 1
    ), matching as (
      select o.*, s.student_code, s.full_name, s.guardian_phone, e.class_id, c.name as class_name,
        c.position as class_position, sc.name as section_name, e.roll, h.name as fee_head_name,
        h.priority, pp.name as period_name
      from scoped o
      join students s on s.institute_id = o.institute_id and s.id = o.student_id
      join family f on f.family = ${familyOfStudent}
      join fee_heads h on h.institute_id = o.institute_id and h.id = o.fee_head_id
      left join payment_periods pp on pp.institute_id = o.institute_id and pp.id = o.period_id
      left join enrolments e on e.institute_id = o.institute_id and e.student_id = o.student_id
        and e.academic_session_id = o.academic_session_id
      left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
      left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
      where ${sql.join(where, sql` and `)}
    )`
}

/** The report's orders, the first key in the direction asked for: by student (class, section, roll), due date or amount. */
function orderOf(query: DueReportQuery): SQL {
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

interface MatchingRow {
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

const columns = sql`id, invoice_id, invoice_number, student_id, student_code, full_name,
  class_name, section_name, roll, guardian_phone, fee_head_name, period_name, period_id,
  due_date::text as due_date, principal, fine_paid`

/**
 * The fine still owed on each of these lines as of `asOf`: what the fine rules charge by then
 * (waivers granted by then taken off) less what was paid of it by then. Only lines past due
 * with principal owed are fined.
 */
async function finesOf(
  db: Db,
  instituteId: string,
  asOf: string,
  rows: Pick<
    MatchingRow,
    'id' | 'student_id' | 'period_id' | 'due_date' | 'principal' | 'fine_paid'
  >[],
) {
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

const toRow =
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

interface DueReadOptions {
  instituteId: string
  asOf: string
  query: DueReportQuery
  withPhones: boolean
  /** The campuses the reader may see (`lib/campus-scope.ts`). */
  scope: CampusScope
}

/** Every line the filters keep, in the report's order, with its fine. */
async function dueLines(db: Db, o: DueReadOptions) {
  const rows = rowsOf<MatchingRow>(
    await db.execute(sql`${matching(o)}
      select ${columns} from matching order by ${orderOf(o.query)}`),
  )
  return { rows, fines: await finesOf(db, o.instituteId, o.asOf, rows) }
}

/** Every line the filters keep, in the report's order: for exports. */
export async function allDueRows(db: Db, o: DueReadOptions): Promise<DueReportRow[]> {
  const { rows, fines } = await dueLines(db, o)
  return rows.map(toRow(o.asOf, fines, o.withPhones))
}

/**
 * One page of the lines the filters keep, and the totals of all of them: principal, fines
 * (every line's, however many pages), students and principal per aging bucket.
 */
export async function dueReportPage(db: Db, o: DueReadOptions) {
  const { rows, fines } = await dueLines(db, o)
  const buckets = Object.fromEntries(agingBuckets.map((b) => [b, 0])) as Record<AgingBucket, number>
  let principalMinor = 0
  let fineMinor = 0
  for (const r of rows) {
    const principal = Number(r.principal)
    principalMinor += principal
    fineMinor += fines.get(r.id) ?? 0
    buckets[agingBucketOf(r.due_date, o.asOf)] += principal
  }
  const start = (o.query.page - 1) * o.query.perPage
  return {
    data: rows.slice(start, start + o.query.perPage).map(toRow(o.asOf, fines, o.withPhones)),
    total: rows.length,
    totals: {
      principalMinor,
      fineMinor,
      students: new Set(rows.map((r) => r.student_id)).size,
      buckets,
    },
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
  const rows = rowsOf<
    Pick<MatchingRow, 'id' | 'student_id' | 'period_id' | 'due_date' | 'principal' | 'fine_paid'>
  >(
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

/** How the principal owed is split besides by head: not at all, by class, or by the month due. */
export type OwedSplit = 'none' | 'class' | 'month'

const splitKeys: Record<OwedSplit, SQL> = {
  none: sql`''`,
  class: sql`coalesce(class_id::text, '')`,
  month: sql`to_char(due_date, 'YYYY-MM')`,
}

/**
 * Σ principal owed as of `asOf` of the lines the filters keep, per head (and class or month
 * due): the due report's totals by head, from the same read.
 */
export async function owedByHead(
  db: Db,
  o: {
    instituteId: string
    asOf: string
    filters: DueFilters
    scope: CampusScope
    split?: OwedSplit
  },
) {
  const rows = rowsOf<{ fee_head_id: string; key: string; minor: string }>(
    await db.execute(sql`${matching({ ...o, query: o.filters })}
      select fee_head_id, ${splitKeys[o.split ?? 'none']} as key, sum(principal) as minor
      from matching group by 1, 2`),
  )
  return rows.map((r) => ({ feeHeadId: r.fee_head_id, key: r.key, minor: Number(r.minor) }))
}
