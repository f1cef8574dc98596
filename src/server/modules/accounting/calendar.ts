import { Hono } from 'hono'
import type { AccountingCalendar } from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { coaSettingsOf } from './fiscal-year.ts'
import { instituteToday } from '../../lib/today.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * Today in the institute's time zone and the month its fiscal year starts: the client's reports
 * and forms default to the days the server counts with, whatever the device's clock and zone.
 */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/', documented({}))
  .get('/', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const { database, auth } = c.var
    const { fiscalYearStartMonth } = await coaSettingsOf(database.db, auth.instituteId)
    const today = await instituteToday(database.db, auth.instituteId)
    return c.json<AccountingCalendar>({ today, fiscalYearStartMonth })
  })
