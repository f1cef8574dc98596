import { Hono, type Context } from 'hono'
import { ledgerRows, reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import {
  HeadSummariesFileQuerySchema,
  HeadSummariesSchema,
  type HeadSummaries,
} from '../../../shared/schemas/reports.ts'
import {
  HeadSummariesQuerySchema,
  type HeadSummariesQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { validationFailed } from '../../lib/errors.ts'
import { textIn } from '../../lib/messages.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  fileLocale,
  reportFile,
  type ReportColumn,
  type ReportFormat,
} from '../../lib/report-file.ts'
import { readQuery } from '../../lib/validate.ts'
import { periodOptions } from './head-ledger.ts'
import { headSummaries } from './head-summaries-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/** The first day of the month eleven months before `today`'s: twelve months to today. */
const twelveMonthsTo = (today: string) => {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const months = y * 12 + m - 1 - 11
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`
}

/** The period (twelve months to today unless given): at most three years, a column a month. */
async function readOptions(c: Context<AppEnv>, query: HeadSummariesQuery) {
  const options = await periodOptions(c, query, twelveMonthsTo)
  const [from, to] = [options.from, options.to].map(
    (d) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)),
  )
  if (to! - from! >= 36) throw validationFailed({ from: 'period_too_long' })
  return options
}

type SummaryRow = HeadSummaries['rows'][number]

async function summariesFile(c: Context<AppEnv>, format: ReportFormat) {
  const query = readQuery(c, HeadSummariesFileQuerySchema)
  const options = await readOptions(c, query)
  const matrix = await headSummaries(c.var.database.db, options)
  const locale = fileLocale(c)
  const monthName = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const heading = (column: { key: string; label: string }) =>
    query.by === 'month'
      ? monthName.format(new Date(`${column.key}-01T00:00:00Z`))
      : column.label || textIn(locale, reportColumns.notInClass)
  const columns: ReportColumn<SummaryRow>[] = [
    { heading: reportColumns.feeHead, kind: 'text', value: (r) => r.feeHeadName },
    ...matrix.columns.map((column, i): ReportColumn<SummaryRow> => ({
      heading: heading(column),
      kind: 'money',
      value: (r) => r.cells[i]!,
    })),
    { heading: ledgerRows.total, kind: 'money', value: (r) => r.totalMinor },
  ]
  const totals: SummaryRow = {
    feeHeadId: '',
    feeHeadName: textIn(locale, ledgerRows.total),
    cells: matrix.columnTotals,
    totalMinor: matrix.totalMinor,
  }
  return reportFile(
    c,
    {
      name: `head-wise-summaries-${query.by}-${query.measure}-${options.from}-${options.to}`,
      sheet: reportSheets.headSummaries,
      format,
    },
    columns,
    [...matrix.rows, totals],
  )
}

/** `/api/reports/head-summaries`: heads by class or month (permission `head-wise-summaries`), and its files. */
export const headSummariesRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: HeadSummariesQuerySchema, answers: HeadSummariesSchema }))
  .get('/', requireAuth(), requirePermission('read', 'head-wise-summaries'), async (c) => {
    const query = readQuery(c, HeadSummariesQuerySchema)
    const options = await readOptions(c, query)
    const matrix = await c.var.database.db.transaction(
      (tx) => headSummaries(tx, options),
      readSnapshot,
    )
    return c.json<HeadSummaries>({
      from: options.from,
      to: options.to,
      by: query.by,
      measure: query.measure,
      ...matrix,
    })
  })
  .route(
    '/',
    reportFileRoutes(HeadSummariesFileQuerySchema, ['read', 'head-wise-summaries'], summariesFile),
  )
