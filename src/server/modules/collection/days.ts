import { Hono } from 'hono'
import {
  CashierDayQuerySchema,
  CloseDaySchema,
  type CashierDay,
} from '../../../shared/schemas/collection.ts'
import type { AppEnv } from '../../app-env.ts'
import { audit } from '../../lib/audit.ts'
import { authorize, requireAuth, requirePermission } from '../../lib/auth.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { instituteToday } from '../accounting/open-period.ts'
import { cashierDay, closeDay } from './cashier-day.ts'

/**
 * A cashier's day (permission payment-collection): their own, today unless another day is
 * asked; a supervisor (who may cancel receipts) sees any cashier's. Closing today records the
 * counted cash and posts the bank deposit.
 */
export const dayRoutes = new Hono<AppEnv>()
  .get('/', requireAuth(), requirePermission('read', 'payment-collection'), async (c) => {
    const query = parseOrThrow(CashierDayQuerySchema, c.req.query())
    const { database, auth } = c.var
    const cashierId = query.cashierId ?? auth.user.id
    if (cashierId !== auth.user.id) authorize(auth, 'read', 'receipt-cancel')
    const day = query.day ?? (await instituteToday(database.db, auth.instituteId))
    return c.json<CashierDay>(
      await cashierDay(database.db, auth.instituteId, cashierId, day, auth.user.id),
    )
  })

  .post('/close', requireAuth(), requirePermission('create', 'payment-collection'), async (c) => {
    const body = await readJson(c, CloseDaySchema)
    const { database, auth } = c.var
    const day = await database.db.transaction(async (tx) => {
      const today = await instituteToday(tx, auth.instituteId)
      const id = await closeDay(tx, auth.instituteId, auth.user.id, today, body)
      await audit(c, tx, {
        area: 'collection',
        action: 'close_day',
        entity: 'cashier_day',
        entityId: id,
        after: { day: today, ...body },
      })
      return today
    })
    return c.json<CashierDay>(
      await cashierDay(database.db, auth.instituteId, auth.user.id, day, auth.user.id),
      201,
    )
  })
