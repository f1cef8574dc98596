import { and, asc, count, countDistinct, eq, inArray } from 'drizzle-orm'
import type { PaymentCycle } from '../../../../shared/schemas/fee-setup.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions } from '../../../db/schema/academic.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { validationFailed } from '../../../lib/errors.ts'

/** How many invoices each of `periodIds` has (by the invoice's period or a line's). */
export async function invoicesPerPeriod(db: Db, instituteId: string, periodIds: string[]) {
  const counts = new Map<string, number>()
  if (periodIds.length === 0) return counts
  const byInvoice = await db
    .select({ periodId: invoices.periodId, n: count() })
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), inArray(invoices.periodId, periodIds)))
    .groupBy(invoices.periodId)
  const byLine = await db
    .select({ periodId: invoiceLines.periodId, n: countDistinct(invoiceLines.invoiceId) })
    .from(invoiceLines)
    .where(
      and(eq(invoiceLines.instituteId, instituteId), inArray(invoiceLines.periodId, periodIds)),
    )
    .groupBy(invoiceLines.periodId)
  for (const { periodId, n } of [...byInvoice, ...byLine]) {
    if (periodId) counts.set(periodId, Math.max(counts.get(periodId) ?? 0, n))
  }
  return counts
}

/** The cycles of a session (or the one named), each with its periods in order. */
export async function listCycles(
  db: Db,
  instituteId: string,
  where: { academicSessionId?: string; cycleId?: string },
): Promise<PaymentCycle[]> {
  const cycles = await db
    .select()
    .from(paymentCycles)
    .where(
      and(
        eq(paymentCycles.instituteId, instituteId),
        where.academicSessionId
          ? eq(paymentCycles.academicSessionId, where.academicSessionId)
          : undefined,
        where.cycleId ? eq(paymentCycles.id, where.cycleId) : undefined,
      ),
    )
    .orderBy(asc(paymentCycles.createdAt), asc(paymentCycles.name))
  if (cycles.length === 0) return []
  const periods = await db
    .select()
    .from(paymentPeriods)
    .where(
      and(
        eq(paymentPeriods.instituteId, instituteId),
        inArray(
          paymentPeriods.cycleId,
          cycles.map((c) => c.id),
        ),
      ),
    )
    .orderBy(asc(paymentPeriods.startsOn), asc(paymentPeriods.sequence))
  const used = await invoicesPerPeriod(
    db,
    instituteId,
    periods.map((p) => p.id),
  )
  return cycles.map((cycle) => ({
    id: cycle.id,
    academicSessionId: cycle.academicSessionId,
    name: cycle.name,
    frequency: cycle.frequency,
    periods: periods
      .filter((p) => p.cycleId === cycle.id)
      .map((p) => ({
        id: p.id,
        name: p.name,
        sequence: p.sequence,
        startsOn: p.startsOn,
        endsOn: p.endsOn,
        issueDate: p.issueDate,
        dueDate: p.dueDate,
        invoiced: (used.get(p.id) ?? 0) > 0,
      })),
  }))
}

/** The institute's session of that id: 422 on `field` when there is none. */
export async function sessionOf(db: Db, instituteId: string, sessionId: string, field: string) {
  const [session] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.id, sessionId)))
  if (!session) throw validationFailed({ [field]: 'unknown_structure_item' })
  return session
}
