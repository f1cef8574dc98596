import { Hono, type Context } from 'hono'
import type * as v from 'valibot'
import {
  PaymentCycleInputSchema,
  PaymentCyclePatchSchema,
  PaymentCycleQuerySchema,
  PaymentPeriodInputSchema,
  type PaymentCycle,
  PaymentCycleListSchema,
  PaymentCycleSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { postgresErrorCode } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { readQuery } from '../../../lib/validate.ts'
import { listCycles } from './payment-cycle-read.ts'
import {
  addPeriod,
  createCycle,
  deleteCycle,
  deletePeriod,
  lockedCycle,
  lockedPeriod,
  nameTaken,
  renameCycle,
  updatePeriod,
  type CycleRow,
} from './payment-cycle-write.ts'
import { readFees } from './setup-read.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

type PeriodValues = v.InferOutput<typeof PaymentPeriodInputSchema>

/** The cycle the path names, locked. */
const cycleOf = (c: Context<AppEnv>, tx: Db) =>
  lockedCycle(tx, c.var.auth.instituteId, pathId(c.req.param('cycleId'), 'payment_cycle_not_found'))

/** The cycle's period the path names, locked. */
const periodOf = (c: Context<AppEnv>, tx: Db, cycle: CycleRow) =>
  lockedPeriod(tx, cycle, pathId(c.req.param('periodId'), 'payment_period_not_found'))

const refetch = async (c: Context<AppEnv>, cycleId: string) =>
  (await listCycles(c.var.database.db, c.var.auth.instituteId, { cycleId }))[0]!

const auditedPeriod = (p: PeriodValues) => ({
  name: p.name,
  startsOn: p.startsOn,
  endsOn: p.endsOn,
  issueDate: p.issueDate,
  dueDate: p.dueDate,
})

/**
 * /fees/payment-cycles: per session, the cycles recurring fees are charged per, each with its
 * periods (generated over the session, then edited one by one). A period with invoices stays.
 */
export const paymentCycleRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: PaymentCycleListSchema, query: PaymentCycleQuerySchema }))
  .get('/', requireAuth(), readFees(), async (c) => {
    const query = readQuery(c, PaymentCycleQuerySchema)
    const data = await listCycles(c.var.database.db, c.var.auth.instituteId, query)
    return c.json({ data })
  })

  .post(
    '/',
    documented({ answers: PaymentCycleSchema, body: PaymentCycleInputSchema, status: 201 }),
  )

  .post('/', requireAuth(), requirePermission('create', 'payment-cycle-config'), async (c) => {
    const body = await readJson(c, PaymentCycleInputSchema)
    const { database, auth } = c.var
    const cycleId = await database.db
      .transaction(async (tx) => {
        const { cycle, session, plans } = await createCycle(tx, auth.instituteId, body)
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'payment_cycle',
          entityId: cycle.id,
          after: {
            name: cycle.name,
            frequency: cycle.frequency,
            session: session.name,
            periods: plans.map((p) => p.name),
          },
        })
        return cycle.id
      })
      .catch((err: unknown) => {
        throw postgresErrorCode(err) === '23505' ? nameTaken() : err
      })
    return c.json<PaymentCycle>(await refetch(c, cycleId), 201)
  })

  .patch('/:cycleId', documented({ answers: PaymentCycleSchema, body: PaymentCyclePatchSchema }))

  .patch(
    '/:cycleId',
    requireAuth(),
    requirePermission('update', 'payment-cycle-config'),
    async (c) => {
      const body = await readJson(c, PaymentCyclePatchSchema)
      const cycleId = await c.var.database.db.transaction(async (tx) => {
        const row = await cycleOf(c, tx)
        await renameCycle(tx, row, body.name)
        await audit(c, tx, {
          area: 'fees',
          action: 'update',
          entity: 'payment_cycle',
          entityId: row.id,
          before: { name: row.name },
          after: { name: body.name },
        })
        return row.id
      })
      return c.json<PaymentCycle>(await refetch(c, cycleId))
    },
  )

  .delete('/:cycleId', documented({ status: 204 }))

  .delete(
    '/:cycleId',
    requireAuth(),
    requirePermission('delete', 'payment-cycle-config'),
    async (c) => {
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const row = await cycleOf(c, tx)
        const gone = await deleteCycle(tx, auth.instituteId, row)
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'payment_cycle',
          entityId: row.id,
          before: {
            name: row.name,
            frequency: row.frequency,
            periods: gone.periods,
            amounts: gone.amounts,
          },
        })
      })
      return c.body(null, 204)
    },
  )

  .post(
    '/:cycleId/periods',
    documented({ answers: PaymentCycleSchema, body: PaymentPeriodInputSchema, status: 201 }),
  )

  .post(
    '/:cycleId/periods',
    requireAuth(),
    requirePermission('update', 'payment-cycle-config'),
    async (c) => {
      const body = await readJson(c, PaymentPeriodInputSchema)
      const cycleId = await c.var.database.db.transaction(async (tx) => {
        const cycle = await cycleOf(c, tx)
        const period = await addPeriod(tx, cycle, body)
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'payment_period',
          entityId: period.id,
          after: { cycle: cycle.name, ...auditedPeriod(body) },
        })
        return cycle.id
      })
      return c.json<PaymentCycle>(await refetch(c, cycleId), 201)
    },
  )

  .put(
    '/:cycleId/periods/:periodId',
    documented({ answers: PaymentCycleSchema, body: PaymentPeriodInputSchema }),
  )

  .put(
    '/:cycleId/periods/:periodId',
    requireAuth(),
    requirePermission('update', 'payment-cycle-config'),
    async (c) => {
      const body = await readJson(c, PaymentPeriodInputSchema)
      const cycleId = await c.var.database.db.transaction(async (tx) => {
        const cycle = await cycleOf(c, tx)
        const period = await periodOf(c, tx, cycle)
        await updatePeriod(tx, cycle, period, body)
        await audit(c, tx, {
          area: 'fees',
          action: 'update',
          entity: 'payment_period',
          entityId: period.id,
          before: { cycle: cycle.name, ...auditedPeriod(period) },
          after: { cycle: cycle.name, ...auditedPeriod(body) },
        })
        return cycle.id
      })
      return c.json<PaymentCycle>(await refetch(c, cycleId))
    },
  )

  .delete('/:cycleId/periods/:periodId', documented({}))

  .delete(
    '/:cycleId/periods/:periodId',
    requireAuth(),
    requirePermission('update', 'payment-cycle-config'),
    async (c) => {
      const cycleId = await c.var.database.db.transaction(async (tx) => {
        const cycle = await cycleOf(c, tx)
        const period = await periodOf(c, tx, cycle)
        await deletePeriod(tx, cycle, period)
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'payment_period',
          entityId: period.id,
          before: { cycle: cycle.name, ...auditedPeriod(period) },
        })
        return cycle.id
      })
      return c.json<PaymentCycle>(await refetch(c, cycleId))
    },
  )
