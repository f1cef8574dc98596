import type { Area } from '../../lib/area.ts'
import { accountRoutes } from './accounts.ts'
import { calendarRoutes } from './calendar.ts'
import { coaConfigRoutes } from './coa-config.ts'
import { coaMappingRoutes } from './coa-mapping.ts'
import { moneyAccountRoutes } from './money-accounts.ts'
import { reportRoutes } from './reports.ts'
import { voucherRoutes } from './vouchers.ts'

export const accountingArea: Area = {
  name: 'accounting',
  mounts: [
    { path: '/accounting/accounts', routes: accountRoutes },
    { path: '/accounting/coa-config', routes: coaConfigRoutes },
    { path: '/accounting/coa-mapping', routes: coaMappingRoutes },
    { path: '/accounting/vouchers', routes: voucherRoutes },
    { path: '/accounting/money-accounts', routes: moneyAccountRoutes },
    { path: '/accounting/calendar', routes: calendarRoutes },
    { path: '/accounting', routes: reportRoutes },
  ],
  idempotencySubjects: ['voucher'],
}
