import { Hono, type Context } from 'hono'
import {
  DueFinesSchema,
  DueReportFileQuerySchema,
  DueReportSchema,
  type DueFines,
  type DueReport,
} from '../../../shared/schemas/reports.ts'
import {
  DueFinesQuerySchema,
  DueReportQuerySchema,
  type DueFinesQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { agreementFor } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { directExport } from '../../lib/report-export/direct.ts'
import { askerFor } from '../../lib/report-export/source.ts'
import { readQuery } from '../../lib/validate.ts'
import { mappedBalance } from '../accounting/mapped-balance.ts'
import { dueExport, dueOptions } from './due-export.ts'
import { dueFines } from './due-read.ts'
import { dueReportPage } from './due-page.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

const readOptions = async <Q extends DueFinesQuery>(c: Context<AppEnv>, query: Q) =>
  dueOptions(query, await askerFor(c))

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
  .route(
    '/',
    reportFileRoutes(DueReportFileQuerySchema, ['read', 'due-report'], (c, format) =>
      directExport(c, dueExport, format),
    ),
  )
