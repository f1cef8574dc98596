import { Hono, type Context } from 'hono'
import { reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import { tenderMethodLabels } from '../../../shared/messages/tender-methods.ts'
import {
  PaidReportFileQuerySchema,
  PaidReportSchema,
  type PaidReport,
  type PaidReportRow,
} from '../../../shared/schemas/reports.ts'
import {
  PaidReportQuerySchema,
  type PaidReportQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { agreementFor, campusScope } from '../../lib/campus-scope.ts'
import { validationFailed } from '../../lib/errors.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'
import { defaultSessionId } from '../students/student-read.ts'
import { allPaidRows, cashiersOf, paidReportPage, receivedByBooks } from './paid-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/**
 * The period (this month to today unless given), the session placing students, the institute
 * and the campuses the asker may see.
 */
async function readOptions(c: Context<AppEnv>, query: PaidReportQuery) {
  const { database, auth } = c.var
  const today = await instituteToday(database.db, auth.instituteId)
  const from = query.from ?? `${today.slice(0, 8)}01`
  const to = query.to ?? today
  if (to < from) throw validationFailed({ to: 'end_before_start' })
  return {
    instituteId: auth.instituteId,
    from,
    to,
    sessionId: query.academicSessionId ?? (await defaultSessionId(database.db, auth.instituteId)),
    query,
    scope: campusScope(auth, query.campusId),
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

async function paidFile(c: Context<AppEnv>, format: ReportFormat) {
  const options = await readOptions(c, readQuery(c, PaidReportFileQuerySchema))
  const rows = await allPaidRows(c.var.database.db, options)
  return reportFile(
    c,
    { name: `paid-report-${options.from}-${options.to}`, sheet: reportSheets.paid, format },
    fileColumns,
    rows,
  )
}

/** `/api/reports/paid`: the receipts of a period (permission `paid-report`), and its files. */
export const paidReportRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: PaidReportQuerySchema, answers: PaidReportSchema }))
  .get('/', requireAuth(), requirePermission('read', 'paid-report'), async (c) => {
    const query = readQuery(c, PaidReportQuerySchema)
    const options = await readOptions(c, query)
    // One snapshot of the books: a payment taken between the reads would make the receipts and
    // the ledger differ for a moment.
    const { page, books, cashiers } = await c.var.database.db.transaction(
      async (tx) => ({
        page: await paidReportPage(tx, options),
        books: await receivedByBooks(tx, options.instituteId, options.from, options.to),
        cashiers: await cashiersOf(tx, options),
      }),
      readSnapshot,
    )
    return c.json<PaidReport>({
      from: options.from,
      to: options.to,
      groupBy: query.groupBy,
      ...page,
      page: query.page,
      perPage: query.perPage,
      agreement: agreementFor(options.scope, books.reportMinor, books.ledgerMinor),
      cashiers,
    })
  })
  .route('/', reportFileRoutes(PaidReportFileQuerySchema, ['read', 'paid-report'], paidFile))
