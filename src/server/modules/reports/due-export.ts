import { sql } from 'drizzle-orm'
import type * as v from 'valibot'
import { reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import { agingBucketNames } from '../../../shared/messages/aging-buckets.ts'
import { DueReportFileQuerySchema, type DueReportRow } from '../../../shared/schemas/reports.ts'
import type { DueFinesQuery } from '../../../shared/schemas/report-search.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import type { ReportColumn } from '../../lib/report-file.ts'
import type { Asker, ReportExportSource } from '../../lib/report-export/source.ts'
import {
  columns,
  finesOf,
  matching,
  orderOf,
  toRow,
  type DueReadOptions,
  type MatchingRow,
} from './due-read.ts'

/** The day, the institute, the campuses and whether guardians' phones are shown, for the asker. */
export const dueOptions = <Q extends DueFinesQuery>(query: Q, asker: Asker) => ({
  instituteId: asker.instituteId,
  asOf: query.asOf ?? asker.today,
  query,
  // The list a cashier or class teacher calls from: phones for those who may read students.
  withPhones: asker.readsStudents,
  scope: campusScope(asker, query.campusId),
})

const fileColumns = (withPhones: boolean): ReportColumn<DueReportRow>[] => [
  { heading: reportColumns.studentId, kind: 'text', value: (r) => r.studentCode },
  { heading: reportColumns.student, kind: 'text', value: (r) => r.fullName },
  { heading: reportColumns.class, kind: 'text', value: (r) => r.className },
  { heading: reportColumns.section, kind: 'text', value: (r) => r.sectionName },
  { heading: reportColumns.roll, kind: 'count', value: (r) => r.roll },
  ...(withPhones
    ? [
        {
          heading: reportColumns.guardianPhone,
          kind: 'text',
          value: (r) => r.guardianPhone,
        } satisfies ReportColumn<DueReportRow>,
      ]
    : []),
  { heading: reportColumns.invoice, kind: 'text', value: (r) => r.invoiceNumber },
  { heading: reportColumns.feeHead, kind: 'text', value: (r) => r.feeHeadName },
  { heading: reportColumns.period, kind: 'text', value: (r) => r.periodName },
  { heading: reportColumns.dueDate, kind: 'day', value: (r) => r.dueDate },
  { heading: reportColumns.aging, kind: 'label', value: (r) => agingBucketNames[r.bucket] },
  { heading: reportColumns.principal, kind: 'money', value: (r) => r.principalMinor },
  { heading: reportColumns.fine, kind: 'money', value: (r) => r.fineMinor },
]

/**
 * The due report's file, every line the filters keep in the report's order, each with its fine
 * (read a batch at a time, for the batch's lines): downloaded at once or made by a job.
 */
export const dueExport: ReportExportSource<
  v.InferOutput<typeof DueReportFileQuerySchema>,
  DueReadOptions,
  MatchingRow,
  DueReportRow
> = {
  report: 'due',
  subject: 'due-report',
  query: DueReportFileQuerySchema,
  options: async (_db, query, asker) => dueOptions(query, asker),
  name: (o) => `due-report-${o.asOf}`,
  sheet: reportSheets.due,
  columns: (o) => fileColumns(o.withPhones),
  count: async (db: Db, o) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`${matching({ ...o, placed: false })} select count(*)::int as n from matching`,
      ),
    )
    return row?.n ?? 0
  },
  rows: (o) => sql`${matching(o)}
    select ${columns}, row_number() over (order by ${orderOf(o.query)})::int as export_n
    from (
      select m.*, i.number as invoice_number from matching m
      join invoices i on i.institute_id = ${o.instituteId} and i.id = m.invoice_id
    ) m`,
  present: async (db, o, rows) => {
    const fines = await finesOf(db, o.instituteId, o.asOf, rows)
    return rows.map(toRow(o.asOf, fines, o.withPhones))
  },
}
