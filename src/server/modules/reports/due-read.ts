import { sql, type SQL } from 'drizzle-orm'
import { agingBucketOf, type DueReportRow } from '../../../shared/schemas/reports.ts'
import type { DueReportQuery } from '../../../shared/schemas/report-search.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { chargedFines, finesApply } from '../fees/rules/fine-read.ts'
import { owedLines } from '../fees/invoices/owed-lines.ts'
import { containing } from '../../lib/like.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

/**
 * A student's family, for "families owing more than": those sharing a guardian's phone; a
 * student without one is a family alone (`s` the students row).
 */
const familyOf = (student: SQL) =>
  sql`coalesce(nullif(${student}.family_key, ''), ${student}.id::text)`
export const familyOfStudent = familyOf(sql`s`)

/** What narrows the lines owed: placement, head, and on the due report a search and a family's debt. */
export type DueFilters = Pick<
  DueReportQuery,
  'academicSessionId' | 'campusId' | 'classId' | 'groupId' | 'sectionId' | 'feeHeadId'
> &
  Partial<Pick<DueReportQuery, 'q' | 'familyOwesOver' | 'familyOf'>>

type MatchingOptions = {
  instituteId: string
  asOf: string
  query: DueFilters
  scope: CampusScope
  /** Only these students' lines. */
  studentIds?: readonly string[]
}

/** What narrows by student: placement in the invoice's session, a search, a family. */
export function studentFilters(instituteId: string, query: DueFilters): SQL[] {
  const where: SQL[] = []
  if (query.classId) where.push(sql`e.class_id = ${query.classId}`)
  if (query.groupId) where.push(sql`e.group_id = ${query.groupId}`)
  if (query.sectionId) where.push(sql`e.section_id = ${query.sectionId}`)
  if (query.q) {
    const pattern = containing(query.q)
    where.push(sql`(s.full_name ilike ${pattern} or s.student_code ilike ${pattern})`)
  }
  if (query.familyOwesOver !== undefined) where.push(sql`f.owed > ${query.familyOwesOver}`)
  if (query.familyOf) {
    where.push(sql`${familyOfStudent} = (select ${familyOf(sql`m`)} from students m
      where m.institute_id = ${instituteId} and m.id = ${query.familyOf})`)
  }
  return where
}

/**
 * `kept`: the lines owed that the reader's scope and the line's own filters (session, campus,
 * head) keep; with "families owing more than", `family`: each family's debt, summed over every
 * line in scope. Lines of campuses out of the reader's scope are left out before anything is
 * summed, a family's debt included.
 */
export function keptLines({ instituteId, asOf, query, scope, studentIds }: MatchingOptions) {
  const where: SQL[] = [sql`o.principal <> 0`]
  if (query.academicSessionId) where.push(sql`o.academic_session_id = ${query.academicSessionId}`)
  if (query.campusId) where.push(sql`o.campus_id = ${query.campusId}`)
  if (query.feeHeadId) where.push(sql`o.fee_head_id = ${query.feeHeadId}`)
  return sql`${owedLines(instituteId, asOf, studentIds)}, scoped as (
      select * from owed o where ${inCampusScope(scope, sql`o.campus_id`)}
    ), kept as (
      select * from scoped o where ${sql.join(where, sql` and `)}
    )${familyDebt(instituteId, query, sql`scoped`)}`
}

/**
 * With "families owing more than", `, family`: each family's debt, summed over `scoped` (what
 * is owed in the reader's scope, whatever the other filters: rows of student_id and principal).
 */
export const familyDebt = (instituteId: string, query: DueFilters, scoped: SQL) =>
  query.familyOwesOver === undefined
    ? sql``
    : sql`, family as (
      select ${familyOfStudent} as family, sum(o.principal) as owed
      from ${scoped} o join students s on s.institute_id = ${instituteId} and s.id = o.student_id
      group by 1
    )`

/**
 * A student (`row`: a row with student_id and academic_session_id) with their family's debt when
 * the filter asks for it, and their placement in that session.
 */
export const placementOf = (instituteId: string, query: DueFilters, row: SQL = sql`o`) => sql`
      join students s on s.institute_id = ${instituteId} and s.id = ${row}.student_id
      ${query.familyOwesOver === undefined ? sql`` : sql`join family f on f.family = ${familyOfStudent}`}
      left join enrolments e on e.institute_id = ${instituteId} and e.student_id = ${row}.student_id
        and e.academic_session_id = ${row}.academic_session_id
      left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
      left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id`

/**
 * `matching`: the lines owed, with their student's placement in the invoice's session, as the
 * filters narrow them. A read that needs no student's column (`placed: false`: sums by line,
 * head or month) joins students only where a filter asks for it.
 */
export function matching(o: MatchingOptions & { placed?: boolean }) {
  const { instituteId, query } = o
  const ofStudent = studentFilters(instituteId, query)
  if (o.placed === false && !ofStudent.length) {
    return sql`${keptLines(o)}, matching as (select * from kept)`
  }
  return sql`${keptLines(o)}, matching as (
      select o.*, s.student_code, s.full_name, s.guardian_phone, e.class_id, c.name as class_name,
        c.position as class_position, sc.name as section_name, e.roll, h.name as fee_head_name,
        h.priority, pp.name as period_name
      from kept o
      ${placementOf(instituteId, query)}
      join fee_heads h on h.institute_id = ${instituteId} and h.id = o.fee_head_id
      left join payment_periods pp on pp.institute_id = ${instituteId} and pp.id = o.period_id
      ${ofStudent.length ? sql`where ${sql.join(ofStudent, sql` and `)}` : sql``}
    )`
}

/**
 * The order of students (class, section, roll, name; a student's lines of two sessions apart):
 * the first keys in the direction asked for.
 */
export function studentOrder(query: Pick<DueReportQuery, 'sortDesc'>): SQL {
  const direction = query.sortDesc ? sql`desc` : sql`asc`
  return sql`class_position ${direction} nulls last, section_name ${direction} nulls last,
    roll ${direction} nulls last, full_name ${direction}, student_code, academic_session_id`
}

/** The report's orders, the first key in the direction asked for: by student (class, section, roll), due date or amount. */
export function orderOf(query: Pick<DueReportQuery, 'sortBy' | 'sortDesc'>): SQL {
  const direction = query.sortDesc ? sql`desc` : sql`asc`
  const byStudent = sql`class_position nulls last, section_name nulls last, roll nulls last,
    full_name, student_code`
  switch (query.sortBy ?? 'student') {
    case 'student':
      return sql`${studentOrder(query)}, due_date, priority, id`
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
 * What one student owes as of `asOf`, as the due report counts it (their lines of its rows):
 * Σ principal, and the fine accrued apart. A student ledger's closing balance is checked by it.
 */
export async function studentOwed(db: Db, instituteId: string, studentId: string, asOf: string) {
  const rows = rowsOf<FinedRow>(
    await db.execute(sql`${owedLines(instituteId, asOf, [studentId])}
      select id, student_id, period_id, due_date::text as due_date, principal, fine_paid
      from owed where principal <> 0`),
  )
  const fines = await finesOf(db, instituteId, asOf, rows)
  return {
    principalMinor: rows.reduce((sum, r) => sum + Number(r.principal), 0),
    fineMinor: [...fines.values()].reduce((sum, fine) => sum + fine, 0),
  }
}
