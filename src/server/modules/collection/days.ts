import { Hono, type Context } from 'hono'
import { reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import {
  CashierDayFileQuerySchema,
  CashierDayQuerySchema,
  CloseDaySchema,
  type CashierDayQuery,
  ReopenDaySchema,
  type CashierDay,
} from '../../../shared/schemas/collection-days.ts'
import type { AppEnv } from '../../app-env.ts'
import { audit } from '../../lib/audit.ts'
import { authorize, requireAuth, requirePermission } from '../../lib/auth.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { notFound } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { instituteToday } from '../../lib/today.ts'
import { isUuid } from '../../lib/ids.ts'
import { readQuery } from '../../lib/validate.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { cashierDay, closeDay } from './cashier-day.ts'
import { approveDifference } from './day-difference.ts'
import { reopenDay } from './day-reopen.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { CashierDaySchema } from '../../../shared/schemas/collection-days.ts'

/** Who approves a closing's pending difference: a supervisor, never the cashier whose day it is. */
const approval = ['update', 'receipt-cancel'] as const

/** The day asked for: the caller's own, today unless another day is asked; another cashier's for a supervisor. */
async function dayAsked(c: Context<AppEnv>, query: CashierDayQuery) {
  const { database, auth } = c.var
  const cashierId = query.cashierId ?? auth.user.id
  if (cashierId !== auth.user.id) authorize(auth, 'read', 'receipt-cancel')
  const day = query.day ?? (await instituteToday(database.db, auth.instituteId))
  return cashierDay(database.db, auth.instituteId, cashierId, day, {
    id: auth.user.id,
    approver: auth.ability.can(...approval),
    campuses: campusScope(auth),
  })
}

type DayReceipt = CashierDay['receipts'][number]

const dayColumns: ReportColumn<DayReceipt>[] = [
  { heading: reportColumns.receipt, kind: 'text', value: (r) => r.number },
  { heading: reportColumns.payer, kind: 'text', value: (r) => r.students },
  { heading: reportColumns.amount, kind: 'money', value: (r) => r.amountMinor },
  {
    heading: reportColumns.status,
    kind: 'label',
    value: (r) => (r.status === 'cancelled' ? reportColumns.cancelled : reportColumns.issued),
  },
  { heading: reportColumns.cancelledOn, kind: 'day', value: (r) => r.cancelledOn },
]

/** The day's receipts as a file, cancelled ones marked. */
async function dayFile(c: Context<AppEnv>, format: ReportFormat) {
  const day = await dayAsked(c, readQuery(c, CashierDayFileQuerySchema))
  return reportFile(
    c,
    { name: `cashier-day-${day.day}`, sheet: reportSheets.cashierDay, format },
    dayColumns,
    day.receipts,
  )
}

/**
 * A cashier's day (permission payment-collection): their own, today unless another day is
 * asked; a supervisor (who may cancel receipts) sees any cashier's. Closing today records the
 * counted cash and posts the bank deposit; a difference over the institute's amount waits
 * until a supervisor (update on receipt-cancel) other than the cashier approves it. Reopening
 * today's closing, with a reason, takes its own permission (day-reopen).
 */
export const dayRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: CashierDaySchema, query: CashierDayQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'payment-collection'), async (c) =>
    c.json<CashierDay>(await dayAsked(c, readQuery(c, CashierDayQuerySchema))),
  )
  .route('/', reportFileRoutes(CashierDayFileQuerySchema, ['read', 'payment-collection'], dayFile))

  .post('/close', documented({ answers: CashierDaySchema, body: CloseDaySchema }))
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
      await cashierDay(database.db, auth.instituteId, auth.user.id, day, {
        id: auth.user.id,
        approver: auth.ability.can(...approval),
        campuses: campusScope(auth),
      }),
      201,
    )
  })

  .post('/reopen', documented({ answers: CashierDaySchema, body: ReopenDaySchema }))
  .post('/reopen', requireAuth(), requirePermission('create', 'day-reopen'), async (c) => {
    const { cashierId, day, reason } = await readJson(c, ReopenDaySchema)
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const closing = await reopenDay(tx, auth.instituteId, cashierId, day, auth.user.id, reason)
      await audit(c, tx, {
        area: 'collection',
        action: 'reopen_day',
        entity: 'cashier_day',
        entityId: closing.id,
        before: closing,
        after: { day, cashierId, reason },
      })
    })
    return c.json<CashierDay>(
      await cashierDay(database.db, auth.instituteId, cashierId, day, {
        id: auth.user.id,
        approver: auth.ability.can(...approval),
        campuses: campusScope(auth),
      }),
    )
  })

  .post('/closings/:closingId/approve', documented({ answers: CashierDaySchema }))
  .post(
    '/closings/:closingId/approve',
    requireAuth(),
    requirePermission(...approval),
    async (c) => {
      const { database, auth } = c.var
      const closingId = c.req.param('closingId')
      if (!isUuid(closingId)) throw notFound('day_closing_not_found')
      const { cashierId, day } = await database.db.transaction(async (tx) => {
        const { row, changed } = await approveDifference(
          tx,
          auth.instituteId,
          closingId,
          auth.user.id,
        )
        if (changed) {
          await audit(c, tx, {
            area: 'collection',
            action: 'approve',
            entity: 'cashier_day',
            entityId: row.id,
            before: { differenceStatus: 'pending' },
            after: { differenceStatus: 'posted' },
          })
        }
        return row
      })
      return c.json<CashierDay>(
        await cashierDay(database.db, auth.instituteId, cashierId, day, {
          id: auth.user.id,
          approver: true,
          campuses: campusScope(auth),
        }),
      )
    },
  )
