import { and, eq, max, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import { planPeriods } from '../../../../shared/fees/periods.ts'
import type {
  PaymentCycleInputSchema,
  PaymentPeriodInputSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions } from '../../../db/schema/academic.ts'
import { feeConfigs, paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { institutes } from '../../../db/schema/institutes.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { conflict, notFound, postgresErrorCode, validationFailed } from '../../../lib/errors.ts'
import { invoicesPerPeriod, sessionOf } from './payment-cycle-read.ts'

export type CycleRow = typeof paymentCycles.$inferSelect
type PeriodValues = v.InferOutput<typeof PaymentPeriodInputSchema>

export const nameTaken = () =>
  conflict('payment_cycle_name_taken', { fields: { name: 'payment_cycle_name_taken' } })

/** A row something still refers to stays: 409. */
const inUse = (err: unknown) => {
  throw postgresErrorCode(err) === '23503' ? conflict('record_in_use') : err
}

/** 409 when another cycle of the session has the name (in any case). */
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

/** The institute's cycle of that id, locked for the change: 404 when there is none. */
export async function lockedCycle(tx: Db, instituteId: string, cycleId: string): Promise<CycleRow> {
  const [row] = await tx
    .select()
    .from(paymentCycles)
    .where(and(eq(paymentCycles.instituteId, instituteId), eq(paymentCycles.id, cycleId)))
    .for('update')
  if (!row) throw notFound('payment_cycle_not_found')
  return row
}

/** The cycle's period of that id, locked for the change: 404 when there is none. */
export async function lockedPeriod(tx: Db, cycle: CycleRow, periodId: string) {
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

/** A new cycle of a session, its periods generated over the session in the institute's locale. */
export async function createCycle(
  tx: Db,
  instituteId: string,
  body: v.InferOutput<typeof PaymentCycleInputSchema>,
) {
  const session = await sessionOf(tx, instituteId, body.academicSessionId, 'academicSessionId')
  await assertNameFree(tx, { instituteId, academicSessionId: session.id }, body.name)
  const [{ locale } = { locale: 'en' }] = await tx
    .select({ locale: institutes.locale })
    .from(institutes)
    .where(eq(institutes.id, instituteId))
  const [cycle] = await tx
    .insert(paymentCycles)
    .values({
      instituteId,
      academicSessionId: session.id,
      name: body.name,
      frequency: body.frequency,
    })
    .returning()
  const plans = planPeriods(session, body.frequency, locale, body.dueAfterDays)
  await tx
    .insert(paymentPeriods)
    .values(plans.map((p) => ({ ...p, instituteId, cycleId: cycle!.id })))
  return { cycle: cycle!, session, plans }
}

/** Renames the cycle: 409 when another of its session has the name. */
export async function renameCycle(tx: Db, row: CycleRow, name: string) {
  await assertNameFree(tx, row, name, row.id)
  await tx
    .update(paymentCycles)
    .set({ name, updatedAt: new Date() })
    .where(rowKey(paymentCycles, row.instituteId, row.id))
}

/**
 * Deletes the cycle with its periods and the amounts configured per it: 409 when any period has
 * invoices. Says how many periods and amounts went.
 */
export async function deleteCycle(tx: Db, instituteId: string, row: CycleRow) {
  const periods = await tx
    .select({ id: paymentPeriods.id })
    .from(paymentPeriods)
    .where(eq(paymentPeriods.cycleId, row.id))
  const used = await invoicesPerPeriod(
    tx,
    instituteId,
    periods.map((p) => p.id),
  )
  const invoiced = [...used.values()].reduce((a, b) => a + b, 0)
  if (invoiced > 0) throw conflict('period_invoiced', { values: { count: invoiced } })
  // The amounts configured per this cycle go with it; its periods by cascade.
  const amounts = await tx
    .delete(feeConfigs)
    .where(and(eq(feeConfigs.instituteId, instituteId), eq(feeConfigs.cycleId, row.id)))
    .returning({ id: feeConfigs.id })
  await tx
    .delete(paymentCycles)
    .where(rowKey(paymentCycles, row.instituteId, row.id))
    .catch(inUse)
  return { periods: periods.length, amounts: amounts.length }
}

/** A period added after the cycle's last: 422 when its days fall outside the session. */
export async function addPeriod(tx: Db, cycle: CycleRow, body: PeriodValues) {
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
  return period!
}

type PeriodRow = typeof paymentPeriods.$inferSelect

/** The period's new days and dates: 422 when its days fall outside the session. */
export async function updatePeriod(tx: Db, cycle: CycleRow, period: PeriodRow, body: PeriodValues) {
  await assertWithinSession(tx, cycle, body)
  await tx
    .update(paymentPeriods)
    .set({ ...body, updatedAt: new Date() })
    .where(rowKey(paymentPeriods, period.instituteId, period.id))
}

/** Deletes the period: 409 when it has invoices. */
export async function deletePeriod(tx: Db, cycle: CycleRow, period: PeriodRow) {
  const used = (await invoicesPerPeriod(tx, cycle.instituteId, [period.id])).get(period.id)
  if (used) throw conflict('period_invoiced', { values: { count: used } })
  await tx
    .delete(paymentPeriods)
    .where(rowKey(paymentPeriods, period.instituteId, period.id))
    .catch(inUse)
}
