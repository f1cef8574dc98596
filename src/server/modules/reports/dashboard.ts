import { Hono } from 'hono'
import { DashboardQuerySchema } from '../../../shared/schemas/report-search.ts'
import { DashboardSchema, type Dashboard } from '../../../shared/schemas/report-dashboard.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'
import {
  aging,
  billed,
  collected,
  duesByClass,
  latestVouchers,
  monthStart,
  receiptsByMethod,
  topFamilies,
  trend,
} from './dashboard-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/**
 * `/api/reports/dashboard` (permission `dashboard`): the figures of the dashboards as of a day,
 * of the reader's campuses, each tile only for users who may read the report behind it — money collected for paid report
 * readers, billed and owed for due report readers, vouchers for voucher readers.
 */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: DashboardQuerySchema, answers: DashboardSchema }))
  .get('/', requireAuth(), requirePermission('read', 'dashboard'), async (c) => {
    const query = readQuery(c, DashboardQuerySchema)
    const { database, auth } = c.var
    const instituteId = auth.instituteId
    const asOf = query.asOf ?? (await instituteToday(database.db, instituteId))
    const month = monthStart(asOf)
    // A user limited to some campuses sees those campuses' figures, as in the reports behind.
    const scope = campusScope(auth)
    const may = (permission: 'paid-report' | 'due-report' | 'getVouchers') =>
      auth.ability.can('read', permission)
    const [paid, due] = [may('paid-report'), may('due-report')]
    const when = <T>(allowed: boolean, read: () => Promise<T>) =>
      allowed ? read() : Promise.resolve(null)
    // One snapshot: a receipt taken between two reads would make the tiles disagree.
    const answer = await database.db.transaction(
      async (tx): Promise<Dashboard> => ({
        asOf,
        today: {
          from: asOf,
          to: asOf,
          collectedMinor: await when(paid, () => collected(tx, instituteId, scope, asOf, asOf)),
          billedMinor: await when(due, () => billed(tx, instituteId, scope, asOf, asOf)),
        },
        month: {
          from: month,
          to: asOf,
          collectedMinor: await when(paid, () => collected(tx, instituteId, scope, month, asOf)),
          billedMinor: await when(due, () => billed(tx, instituteId, scope, month, asOf)),
        },
        trend: await when(paid && due, () => trend(tx, instituteId, scope, asOf)),
        duesByClass: await when(due, () => duesByClass(tx, instituteId, scope, asOf)),
        aging: await when(due, () => aging(tx, instituteId, scope, asOf)),
        receiptsByMethod: await when(paid, () =>
          receiptsByMethod(tx, instituteId, scope, month, asOf),
        ),
        topFamilies: await when(due, () => topFamilies(tx, instituteId, scope, asOf)),
        latestVouchers: await when(may('getVouchers'), () => latestVouchers(tx, instituteId, asOf)),
      }),
      readSnapshot,
    )
    return c.json<Dashboard>(answer)
  })
