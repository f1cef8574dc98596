import { Hono, type Context } from 'hono'
import {
  agingBucketNames,
  reportColumns,
  reportSheets,
} from '../../../shared/messages/report-files.ts'
import {
  DueFinesSchema,
  DueReportFileQuerySchema,
  DueReportSchema,
  type DueFines,
  type DueReport,
  type DueReportRow,
} from '../../../shared/schemas/reports.ts'
import {
  DueFinesQuerySchema,
  DueReportQuerySchema,
  type DueFinesQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { agreementFor, campusScope } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'
import { mappedBalance } from '../accounting/mapped-balance.ts'
import { allDueRows, dueFines, dueReportPage } from './due-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/** The day, the institute, the campuses and whether guardians' phones are shown, for the asker. */
async function readOptions<Q extends DueFinesQuery>(c: Context<AppEnv>, query: Q) {
  const { database, auth } = c.var
  return {
    instituteId: auth.instituteId,
    asOf: query.asOf ?? (await instituteToday(database.db, auth.instituteId)),
    query,
    // The list a cashier or class teacher calls from: phones for those who may read students.
    withPhones: auth.ability.can('read', 'students'),
    scope: campusScope(auth, query.campusId),
  }
}

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

async function dueFile(c: Context<AppEnv>, format: ReportFormat) {
  const options = await readOptions(c, readQuery(c, DueReportFileQuerySchema))
  const rows = await allDueRows(c.var.database.db, options)
  return reportFile(
    c,
    { name: `due-report-${options.asOf}`, sheet: reportSheets.due, format },
    fileColumns(options.withPhones),
    rows,
  )
}

/** `/api/reports/due`: what is owed as of a day (permission `due-report`), and its files. */
export const dueReportRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: DueReportQuerySchema, answers: DueReportSchema }))
  .get('/', requireAuth(), requirePermission('read', 'due-report'), async (c) => {
    const query = readQuery(c, DueReportQuerySchema)
    const options = await readOptions(c, query)
    // One snapshot of the books: an invoice posted between the reads would make the report
    // and the ledger differ for a moment.
    const { report, ledgerMinor } = await c.var.database.db.transaction(
      async (tx) => ({
        report: await dueReportPage(tx, options),
        ledgerMinor: await mappedBalance(tx, options.instituteId, 'fee_receivable', options.asOf),
      }),
      readSnapshot,
    )
    const { instituteOwedMinor, ...page } = report
    return c.json<DueReport>({
      asOf: options.asOf,
      ...page,
      page: query.page,
      perPage: query.perPage,
      agreement: agreementFor(options.scope, instituteOwedMinor, ledgerMinor),
      guardianPhones: options.withPhones,
    })
  })
  .get('/fines', documented({ query: DueFinesQuerySchema, answers: DueFinesSchema }))
  .get('/fines', requireAuth(), requirePermission('read', 'due-report'), async (c) => {
    const options = await readOptions(c, readQuery(c, DueFinesQuerySchema))
    const fineMinor = await c.var.database.db.transaction(
      (tx) => dueFines(tx, options),
      readSnapshot,
    )
    return c.json<DueFines>({ asOf: options.asOf, fineMinor })
  })
  .route('/', reportFileRoutes(DueReportFileQuerySchema, ['read', 'due-report'], dueFile))
