import { and, eq, max, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type * as v from 'valibot'
import { planPeriods } from '../../../../shared/fees/periods.ts'
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
import { feeConfigs, paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { institutes } from '../../../db/schema/institutes.ts'
import { academicSessions } from '../../../db/schema/academic.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode, validationFailed } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { readQuery } from '../../../lib/validate.ts'
import { invoicesPerPeriod, listCycles, sessionOf } from './payment-cycle-read.ts'
import { readFees } from './setup-read.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

type CycleRow = typeof paymentCycles.$inferSelect
type PeriodValues = v.InferOutput<typeof PaymentPeriodInputSchema>

const nameTaken = () =>
  conflict('payment_cycle_name_taken', { fields: { name: 'payment_cycle_name_taken' } })

async function assertNameFree(
  tx: Db,
  cycle: { instituteId: string; academicSessionId: string },
  name: string,
  except?: string,
) {
  const [clash] = await tx
    .select({ id: paymentCycles.id })
    .from(paymentCycles)
    .where(
      and(
        eq(paymentCycles.instituteId, cycle.instituteId),
        eq(paymentCycles.academicSessionId, cycle.academicSessionId),
        sql`lower(${paymentCycles.name}) = lower(${name})`,
        except ? sql`${paymentCycles.id} <> ${except}` : undefined,
      ),
    )
  if (clash) throw nameTaken()
}

async function lockedCycle(c: Context<AppEnv>, tx: Db): Promise<CycleRow> {
  const cycleId = pathId(c.req.param('cycleId'), 'payment_cycle_not_found')
  const [row] = await tx
    .select()
    .from(paymentCycles)
    .where(
      and(eq(paymentCycles.instituteId, c.var.auth.instituteId), eq(paymentCycles.id, cycleId)),
    )
    .for('update')
  if (!row) throw notFound('payment_cycle_not_found')
  return row
}

async function lockedPeriod(c: Context<AppEnv>, tx: Db, cycle: CycleRow) {
  const periodId = pathId(c.req.param('periodId'), 'payment_period_not_found')
  const [row] = await tx
    .select()
    .from(paymentPeriods)
    .where(
      and(
        rowKey(paymentPeriods, cycle.instituteId, periodId),
        eq(paymentPeriods.cycleId, cycle.id),
      ),
    )
    .for('update')
  if (!row) throw notFound('payment_period_not_found')
  return row
}

/** 422 on the days that fall outside the cycle's session. */
async function assertWithinSession(tx: Db, cycle: CycleRow, period: PeriodValues) {
  const [session] = await tx
    .select()
    .from(academicSessions)
    .where(rowKey(academicSessions, cycle.instituteId, cycle.academicSessionId))
  const { startsOn: from, endsOn: to } = session!
  const refusal = { code: 'period_outside_session' as const, values: { from, to } }
  // Issue and due dates may fall after the session (the last month's fees due in the next
  // one); the period's own days may not.
  const fields = (['startsOn', 'endsOn'] as const).filter(
    (field) => period[field] < from || period[field] > to,
  )
  if (fields.length) {
    throw validationFailed(Object.fromEntries(fields.map((f) => [f, [refusal]])))
  }
}

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
        const session = await sessionOf(
          tx,
          auth.instituteId,
          body.academicSessionId,
          'academicSessionId',
        )
        await assertNameFree(
          tx,
          { instituteId: auth.instituteId, academicSessionId: session.id },
          body.name,
        )
        const [{ locale } = { locale: 'en' }] = await tx
          .select({ locale: institutes.locale })
          .from(institutes)
          .where(eq(institutes.id, auth.instituteId))
        const [cycle] = await tx
          .insert(paymentCycles)
          .values({
            instituteId: auth.instituteId,
            academicSessionId: session.id,
            name: body.name,
            frequency: body.frequency,
          })
          .returning()
        const plans = planPeriods(session, body.frequency, locale, body.dueAfterDays)
        await tx
          .insert(paymentPeriods)
          .values(plans.map((p) => ({ ...p, instituteId: auth.instituteId, cycleId: cycle!.id })))
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'payment_cycle',
          entityId: cycle!.id,
          after: {
            name: cycle!.name,
            frequency: cycle!.frequency,
            session: session.name,
            periods: plans.map((p) => p.name),
          },
        })
        return cycle!.id
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
        const row = await lockedCycle(c, tx)
        await assertNameFree(tx, row, body.name, row.id)
        await tx
          .update(paymentCycles)
          .set({ name: body.name, updatedAt: new Date() })
          .where(rowKey(paymentCycles, row.instituteId, row.id))
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
        const row = await lockedCycle(c, tx)
        const periods = await tx
          .select({ id: paymentPeriods.id })
          .from(paymentPeriods)
          .where(eq(paymentPeriods.cycleId, row.id))
        const used = await invoicesPerPeriod(
          tx,
          auth.instituteId,
          periods.map((p) => p.id),
        )
        const invoiced = [...used.values()].reduce((a, b) => a + b, 0)
        if (invoiced > 0) throw conflict('period_invoiced', { values: { count: invoiced } })
        // The amounts configured per this cycle go with it; its periods by cascade.
        const amounts = await tx
          .delete(feeConfigs)
          .where(and(eq(feeConfigs.instituteId, auth.instituteId), eq(feeConfigs.cycleId, row.id)))
          .returning({ id: feeConfigs.id })
        await tx
          .delete(paymentCycles)
          .where(rowKey(paymentCycles, row.instituteId, row.id))
          .catch((err: unknown) => {
            throw postgresErrorCode(err) === '23503' ? conflict('record_in_use') : err
          })
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'payment_cycle',
          entityId: row.id,
          before: {
            name: row.name,
            frequency: row.frequency,
            periods: periods.length,
            amounts: amounts.length,
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
        const cycle = await lockedCycle(c, tx)
        await assertWithinSession(tx, cycle, body)
        const [last] = await tx
          .select({ n: max(paymentPeriods.sequence) })
          .from(paymentPeriods)
          .where(eq(paymentPeriods.cycleId, cycle.id))
        const [period] = await tx
          .insert(paymentPeriods)
          .values({
            ...body,
            instituteId: cycle.instituteId,
            cycleId: cycle.id,
            sequence: (last?.n ?? 0) + 1,
          })
          .returning()
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'payment_period',
          entityId: period!.id,
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
        const cycle = await lockedCycle(c, tx)
        const period = await lockedPeriod(c, tx, cycle)
        await assertWithinSession(tx, cycle, body)
        await tx
          .update(paymentPeriods)
          .set({ ...body, updatedAt: new Date() })
          .where(rowKey(paymentPeriods, period.instituteId, period.id))
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
        const cycle = await lockedCycle(c, tx)
        const period = await lockedPeriod(c, tx, cycle)
        const used = (await invoicesPerPeriod(tx, cycle.instituteId, [period.id])).get(period.id)
        if (used) throw conflict('period_invoiced', { values: { count: used } })
        await tx
          .delete(paymentPeriods)
          .where(rowKey(paymentPeriods, period.instituteId, period.id))
          .catch((err: unknown) => {
            throw postgresErrorCode(err) === '23503' ? conflict('record_in_use') : err
          })
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
