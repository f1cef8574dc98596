import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import {
  headLedgerLineKinds,
  reportColumns,
  reportSheets,
} from '../../../shared/messages/report-files.ts'
import {
  HeadLedgerLinesFileQuerySchema,
  type HeadLedgerLine,
  type HeadLedgerLinesFileQuery,
} from '../../../shared/schemas/reports.ts'
import type { AppEnv } from '../../app-env.ts'
import { rowsOf } from '../../db/rows.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { reportPeriod } from '../../lib/report-period.ts'
import type { ReportColumn } from '../../lib/report-file.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { directExport } from '../../lib/report-export/direct.ts'
import type { ReportExportSource } from '../../lib/report-export/source.ts'
import { matching, orderOf } from './due-read.ts'
import {
  dayBefore,
  figureLineColumns,
  figureLineOrder,
  figureLines,
  toFigureLine,
  type FigureLineRow,
  type HeadLedgerOptions,
} from './head-ledger-read.ts'

type LinesOptions = HeadLedgerOptions & { query: HeadLedgerLinesFileQuery }

const fileColumns: ReportColumn<HeadLedgerLine>[] = [
  { heading: reportColumns.date, kind: 'day', value: (r) => r.day },
  { heading: reportColumns.document, kind: 'label', value: (r) => headLedgerLineKinds[r.kind] },
  { heading: reportColumns.reference, kind: 'text', value: (r) => r.number },
  { heading: reportColumns.studentId, kind: 'text', value: (r) => r.studentCode },
  { heading: reportColumns.student, kind: 'text', value: (r) => r.fullName },
  { heading: reportColumns.class, kind: 'text', value: (r) => r.className },
  { heading: reportColumns.amount, kind: 'money', value: (r) => r.amountMinor },
]

/**
 * Every line of one figure of one head, numbered in the screen's order: a moving figure's
 * documents by day; what is owed at either end, the due report's lines of that day by student.
 */
function linesOf(o: LinesOptions) {
  const { figure } = o.query
  if (figure !== 'opening' && figure !== 'closing') {
    return sql`${figureLines(o, figure)}
      select ${figureLineColumns}, row_number() over (order by ${figureLineOrder})::int as export_n
      from lines`
  }
  const order = orderOf({ sortBy: 'student', sortDesc: false })
  return sql`${matching({
    instituteId: o.instituteId,
    asOf: figure === 'opening' ? dayBefore(o.from) : o.to,
    query: o.query,
    scope: o.scope,
  })}
    select due_date::text as day, 'invoice' as kind, invoice_id as document_id, number,
      student_code, full_name, class_name, principal as amount,
      row_number() over (order by ${order})::int as export_n
    from (
      select m.*, i.number from matching m
      join invoices i on i.institute_id = ${o.instituteId} and i.id = m.invoice_id
    ) m`
}

/** The head-wise ledger's drill-down as a file: directly, or by a job when it is large. */
export const headLedgerLinesExport: ReportExportSource<
  HeadLedgerLinesFileQuery,
  LinesOptions,
  FigureLineRow,
  HeadLedgerLine
> = {
  report: 'head-ledger-lines',
  subject: 'head-wise-ledger',
  query: HeadLedgerLinesFileQuerySchema,
  options: async (_db, query, asker) => ({
    instituteId: asker.instituteId,
    ...reportPeriod(query, asker.today),
    query,
    scope: campusScope(asker, query.campusId),
  }),
  name: (o) => `head-wise-ledger-${o.query.figure}-${o.from}-${o.to}`,
  sheet: reportSheets.headLedger,
  columns: () => fileColumns,
  count: async (db, o) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${linesOf(o)}) r`),
    )
    return row?.n ?? 0
  },
  rows: linesOf,
  present: async (_db, _o, rows) => rows.map(toFigureLine),
}

/** `/api/reports/head-ledger-lines/export.csv|xlsx`: the lines of one figure of one head. */
export const headLedgerLinesFileRoutes = new Hono<AppEnv>().route(
  '/',
  reportFileRoutes(HeadLedgerLinesFileQuerySchema, ['read', 'head-wise-ledger'], (c, format) =>
    directExport(c, headLedgerLinesExport, format),
  ),
)
