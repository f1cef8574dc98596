import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'
import { changedSince } from '../fees/invoices/owed-lines.ts'
import { familyDebt, keptLines, type DueFilters } from './due-read.ts'

/*
 * What is owed as of a day per student, session, campus and due day — the lines owed counted
 * and summed — read from fee_dues (what is owed now, kept by triggers: migration 0041) and
 * moved back to `asOf` by the lines credit notes or receipts touched since (due-read.ts's
 * changedSince). As of today nothing was touched since: a year's 10,000 students are ~30,000
 * rows of fee_dues, not 160,000 lines. A filter on a line's own head reads the lines instead.
 */

/** `days`: every row of the institute as of `asOf` (its lines owed then, their principal). */
function owedDays(instituteId: string, asOf: string): SQL {
  return sql`${changedSince(instituteId, asOf)}, touched as (
      select l.student_id, l.academic_session_id, l.campus_id, l.due_date,
        (l.balance_minor - coalesce(cs.minor, 0) + coalesce(ps.principal, 0) <> 0)::int
          - (l.balance_minor <> 0)::int as lines,
        coalesce(ps.principal, 0) - coalesce(cs.minor, 0) as principal
      from (select line_id from credited_since union select line_id from paid_since) t
      join invoice_lines l on l.institute_id = ${instituteId} and l.id = t.line_id
      left join credited_since cs on cs.line_id = l.id
      left join paid_since ps on ps.line_id = l.id
      where l.credits_line_id is null and l.issue_date <= ${asOf}
    ), days as (
      select student_id, academic_session_id, campus_id, due_date, sum(lines)::int as lines,
        sum(principal) as principal
      from (
        select student_id, academic_session_id, campus_id, due_date, lines,
          principal_minor as principal
        from fee_dues where institute_id = ${instituteId} and issue_date <= ${asOf}
        union all
        select * from touched
      ) d
      group by 1, 2, 3, 4 having sum(lines) <> 0
    )`
}

/** Σ principal owed by every student of the institute as of `asOf`, whatever a report's filters. */
export async function totalOwed(db: Db, instituteId: string, asOf: string): Promise<number> {
  const [row] = rowsOf<{ n: string | null }>(
    await db.execute(sql`with ${owedDays(instituteId, asOf)} select sum(principal) as n from days`),
  )
  return Number(row?.n ?? 0)
}

interface KeptDaysOptions {
  instituteId: string
  asOf: string
  query: DueFilters
  scope: CampusScope
}

/**
 * `kept_days`: the rows (student, session, campus, due day: lines, principal) the reader's
 * scope and the filters on a line (session, campus, head) keep; with "families owing more than",
 * `family`: each family's debt over every line in scope, as keptLines sums it.
 */
export function keptDays(o: KeptDaysOptions): SQL {
  const { instituteId, asOf, query, scope } = o
  if (query.feeHeadId) {
    return sql`${keptLines(o)}, kept_days as (
      select student_id, academic_session_id, campus_id, due_date, count(*)::int as lines,
        sum(principal) as principal
      from kept group by 1, 2, 3, 4
    )`
  }
  const where: SQL[] = []
  if (query.academicSessionId) where.push(sql`academic_session_id = ${query.academicSessionId}`)
  if (query.campusId) where.push(sql`campus_id = ${query.campusId}`)
  return sql`with ${owedDays(instituteId, asOf)}, scoped_days as (
      select * from days where ${inCampusScope(scope, sql`campus_id`)}
    ), kept_days as (
      select * from scoped_days ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    )${familyDebt(instituteId, query, sql`scoped_days`)}`
}
