import { Hono, type Context } from 'hono'
import {
  PaidReportFileQuerySchema,
  PaidReportSchema,
  type PaidReport,
} from '../../../shared/schemas/reports.ts'
import {
  PaidReportQuerySchema,
  type PaidReportQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { agreementFor } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { directExport } from '../../lib/report-export/direct.ts'
import { askerFor } from '../../lib/report-export/source.ts'
import { readQuery } from '../../lib/validate.ts'
import { paidExport, paidOptions } from './paid-export.ts'
import { cashiersOf, paidReportPage, receivedByBooks } from './paid-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

const readOptions = async (c: Context<AppEnv>, query: PaidReportQuery) =>
  paidOptions(c.var.database.db, query, await askerFor(c))

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
  .route(
    '/',
    reportFileRoutes(PaidReportFileQuerySchema, ['read', 'paid-report'], (c, format) =>
      directExport(c, paidExport, format),
    ),
  )
