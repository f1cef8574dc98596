import { and, asc, count, eq, gte, lte, sum, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  paymentServiceNames,
  reportColumns,
  reportSheets,
} from '../../../shared/messages/report-files.ts'
import {
  FranchiseRevenueFileQuerySchema,
  FranchiseRevenueQuerySchema,
  FranchiseRevenueSchema,
  type FranchiseRevenue,
  type FranchiseRevenueQuery,
} from '../../../shared/schemas/franchise-revenue.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema/collection.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { reportPeriod } from '../../lib/report-period.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'

/**
 * The platform's share of the online payments posted in a period (by the receipt's day), per
 * institute and service: one institute's, or every institute's for a platform administrator.
 */
export async function franchiseRevenue(
  db: Db,
  o: { from: string; to: string; instituteId?: string },
): Promise<FranchiseRevenue['rows']> {
  const where: SQL[] = [
    eq(paymentIntents.status, 'succeeded'),
    gte(payments.receivedOn, o.from),
    lte(payments.receivedOn, o.to),
  ]
  if (o.instituteId) where.push(eq(paymentIntents.instituteId, o.instituteId))
  const rows = await db
    .select({
      instituteId: paymentIntents.instituteId,
      instituteName: institutes.name,
      service: paymentIntents.service,
      currency: institutes.currency,
      digits: institutes.currencyDigits,
      payments: count(),
      collectedMinor: sum(paymentIntents.amountMinor).mapWith(Number),
      franchiseMinor: sum(paymentIntents.franchiseMinor).mapWith(Number),
    })
    .from(paymentIntents)
    .innerJoin(
      payments,
      and(
        eq(payments.instituteId, paymentIntents.instituteId),
        eq(payments.id, paymentIntents.paymentId),
      ),
    )
    .innerJoin(institutes, eq(institutes.id, paymentIntents.instituteId))
    .where(and(...where))
    .groupBy(
      paymentIntents.instituteId,
      institutes.name,
      paymentIntents.service,
      institutes.currency,
      institutes.currencyDigits,
    )
    .orderBy(asc(institutes.name), asc(paymentIntents.service))
  return rows
}

/** The rows' sums per currency: institutes may keep different ones. */
function totalsOf(rows: FranchiseRevenue['rows']): FranchiseRevenue['totals'] {
  const totals = new Map<string, FranchiseRevenue['totals'][number]>()
  for (const row of rows) {
    const total = totals.get(row.currency) ?? {
      currency: row.currency,
      digits: row.digits,
      payments: 0,
      collectedMinor: 0,
      franchiseMinor: 0,
    }
    total.payments += row.payments
    total.collectedMinor += row.collectedMinor
    total.franchiseMinor += row.franchiseMinor
    totals.set(row.currency, total)
  }
  return [...totals.values()]
}

async function readReport(c: Context<AppEnv>, query: FranchiseRevenueQuery) {
  const { database, auth } = c.var
  const today = await instituteToday(database.db, auth.instituteId)
  const period = reportPeriod(query, today)
  const allInstitutes = auth.user.isPlatformAdmin
  const rows = await franchiseRevenue(database.db, {
    ...period,
    ...(!allInstitutes && { instituteId: auth.instituteId }),
  })
  return { ...period, allInstitutes, rows, totals: totalsOf(rows) }
}

type Row = FranchiseRevenue['rows'][number]

async function revenueFile(c: Context<AppEnv>, format: ReportFormat) {
  const query = readQuery(c, FranchiseRevenueFileQuerySchema)
  const report = await readReport(c, query)
  const columns: ReportColumn<Row>[] = [
    { heading: reportColumns.institute, kind: 'text', value: (r) => r.instituteName },
    { heading: reportColumns.service, kind: 'label', value: (r) => paymentServiceNames[r.service] },
    { heading: reportColumns.payments, kind: 'count', value: (r) => r.payments },
    { heading: reportColumns.collected, kind: 'money', value: (r) => r.collectedMinor },
    { heading: reportColumns.franchiseShare, kind: 'money', value: (r) => r.franchiseMinor },
    { heading: reportColumns.currency, kind: 'text', value: (r) => r.currency },
  ]
  return reportFile(
    c,
    {
      name: `franchise-revenue-${report.from}-${report.to}`,
      sheet: reportSheets.franchiseRevenue,
      format,
    },
    columns,
    report.rows,
  )
}

/** `/api/payments/franchise-revenue` (permission `franchise-revenue`), and its files. */
export const franchiseRevenueRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: FranchiseRevenueQuerySchema, answers: FranchiseRevenueSchema }))
  .get('/', requireAuth(), requirePermission('read', 'franchise-revenue'), async (c) =>
    c.json<FranchiseRevenue>(await readReport(c, readQuery(c, FranchiseRevenueQuerySchema))),
  )
  .route(
    '/',
    reportFileRoutes(FranchiseRevenueFileQuerySchema, ['read', 'franchise-revenue'], revenueFile),
  )
