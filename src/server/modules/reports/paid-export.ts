import { sql } from 'drizzle-orm'
import type * as v from 'valibot'
import { reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import { tenderMethodLabels } from '../../../shared/messages/tender-methods.ts'
import { PaidReportFileQuerySchema, type PaidReportRow } from '../../../shared/schemas/reports.ts'
import type { PaidReportQuery } from '../../../shared/schemas/report-search.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { reportPeriod } from '../../lib/report-period.ts'
import type { ReportColumn } from '../../lib/report-file.ts'
import type { Asker, ReportExportSource } from '../../lib/report-export/source.ts'
import { defaultSessionId } from '../students/student-read.ts'
import {
  matching,
  orderOf,
  placed,
  toRow,
  type MatchingRow,
  type PaidReadOptions,
} from './paid-read.ts'

/**
 * The period (this month to today unless given), the session placing students, the institute
 * and the campuses the asker may see.
 */
export async function paidOptions(
  db: Db,
  query: PaidReportQuery,
  asker: Asker,
): Promise<PaidReadOptions> {
  return {
    instituteId: asker.instituteId,
    ...reportPeriod(query, asker.today),
    sessionId: query.academicSessionId ?? (await defaultSessionId(db, asker.instituteId)),
    query,
    scope: campusScope(asker, query.campusId),
  }
}

const fileColumns: ReportColumn<PaidReportRow>[] = [
  { heading: reportColumns.receipt, kind: 'text', value: (r) => r.number },
  { heading: reportColumns.receivedOn, kind: 'day', value: (r) => r.receivedOn },
  { heading: reportColumns.studentId, kind: 'text', value: (r) => r.studentCode },
  { heading: reportColumns.payer, kind: 'text', value: (r) => r.payerName },
  { heading: reportColumns.class, kind: 'text', value: (r) => r.className },
  { heading: reportColumns.cashier, kind: 'text', value: (r) => r.cashierName },
  {
    heading: reportColumns.methods,
    kind: 'label',
    value: (r) => r.methods.map((m) => tenderMethodLabels[m]),
  },
  { heading: reportColumns.received, kind: 'money', value: (r) => r.receivedMinor },
  { heading: reportColumns.advance, kind: 'money', value: (r) => r.advanceMinor },
  {
    heading: reportColumns.status,
    kind: 'label',
    value: (r) => (r.status === 'issued' ? reportColumns.issued : reportColumns.cancelled),
  },
]

/** The paid report's file: every receipt the filters keep, in the report's order. */
export const paidExport: ReportExportSource<
  v.InferOutput<typeof PaidReportFileQuerySchema>,
  PaidReadOptions,
  MatchingRow,
  PaidReportRow
> = {
  report: 'paid',
  subject: 'paid-report',
  query: PaidReportFileQuerySchema,
  options: paidOptions,
  name: (o) => `paid-report-${o.from}-${o.to}`,
  sheet: reportSheets.paid,
  columns: () => fileColumns,
  count: async (db, o) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`${matching(o)} select count(*)::int as n from matching`),
    )
    return row?.n ?? 0
  },
  rows: (o) => sql`${matching(o)}
    select r.*, row_number() over (order by ${orderOf(o.query)})::int as export_n
    from (${placed(o, sql`select * from matching`)}) r`,
  present: async (_db, _o, rows) => rows.map(toRow),
}
