import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { finesOfPeriod, type FineLine } from '../../../../shared/fees/fine.ts'
import { waiveFine, type WaivedFine } from '../../../../shared/fees/fine-waiver.ts'
import {
  FineAsOfQuerySchema,
  type FineWaiverRow,
  type LineFine,
} from '../../../../shared/schemas/fine-waivers.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { users } from '../../../db/schema/auth.ts'
import { paymentAllocations, payments } from '../../../db/schema/collection.ts'
import { fineWaivers, invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import { feeHeads } from '../../../db/schema/fee-setup.ts'
import { parseOrThrow } from '../../../lib/validate.ts'
import { presentFineRule } from './fine-rule-row.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { anyUuid, pgArray } from '../../../lib/sql-arrays.ts'
import { instituteToday } from '../../../lib/today.ts'

/*
 * A line's fine as of a day (the shared fine rules, with the period cap over the student's
 * lines of the period, less the waivers granted), read for the fine-waiver routes and for
 * collection, which charges it when the line is paid (invoice_lines.fine_minor).
 */

type LineRow = typeof invoiceLines.$inferSelect

/** A line of a live invoice of the institute (locked when asked), with its invoice. */
export async function invoiceLineOf(
  db: Db,
  instituteId: string,
  { invoiceId, lineId }: { invoiceId: string; lineId: string },
  lock = false,
) {
  const query = db
    .select({ line: invoiceLines, invoice: invoices })
    .from(invoiceLines)
    .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoices.instituteId, instituteId),
        eq(invoices.id, invoiceId),
        eq(invoiceLines.id, lineId),
        isNull(invoiceLines.creditsLineId),
      ),
    )
  const [row] = lock ? await query.for('update', { of: invoiceLines }) : await query
  return row
}

/** The line a waiver under an Idempotency-Key was for, with the fingerprint of its request. */
export async function waiverOfKey(db: Db, instituteId: string, key: string) {
  const [earlier] = await db
    .select({ lineId: fineWaivers.invoiceLineId, hash: fineWaivers.payloadHash })
    .from(fineWaivers)
    .where(and(eq(fineWaivers.instituteId, instituteId), eq(fineWaivers.idempotencyKey, key)))
  return earlier && { fingerprint: earlier.hash ?? '', answer: earlier.lineId }
}

/** Records a waiver of a line's fine; answers its id. */
export async function insertWaiver(tx: Db, waiver: typeof fineWaivers.$inferInsert) {
  const [row] = await tx.insert(fineWaivers).values(waiver).returning({ id: fineWaivers.id })
  return row!.id
}

/**
 * The day a read counts fines for: its `?asOf=` (a real YYYY-MM-DD, else 422 naming `asOf`),
 * or today in the institute's calendar.
 */
export async function fineAsOf(c: Context<AppEnv>, db: Db): Promise<string> {
  const { asOf } = parseOrThrow(FineAsOfQuerySchema, c.req.query())
  return asOf ?? (await instituteToday(db, c.var.auth.instituteId))
}

/** Whether any fine rule of the institute is in force: else no line has a fine to read. */
export async function finesApply(db: Db, instituteId: string) {
  const [rule] = await db
    .select({ id: fineRules.id })
    .from(fineRules)
    .where(and(eq(fineRules.instituteId, instituteId), eq(fineRules.active, true)))
    .limit(1)
  return rule !== undefined
}

/** What each line asks as it stands: its net with its concession credit notes'. */
async function amountsOf(db: Db, lines: Pick<LineRow, 'id' | 'netMinor'>[]) {
  const credits = lines.length
    ? await db
        .select({ creditsLineId: invoiceLines.creditsLineId, netMinor: invoiceLines.netMinor })
        .from(invoiceLines)
        .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
        .where(
          and(
            anyUuid(
              invoiceLines.creditsLineId,
              lines.map((l) => l.id),
            ),
            isNotNull(invoices.concessionId),
          ),
        )
    : []
  const amounts = new Map(lines.map((l) => [l.id, l.netMinor]))
  for (const c of credits)
    amounts.set(c.creditsLineId!, amounts.get(c.creditsLineId!)! + c.netMinor)
  return amounts
}

/** The principal paid on each line by receipts not cancelled, dated as received, by line. */
async function paymentsOf(db: Db, instituteId: string, lineIds: string[]) {
  const paid = new Map<string, { date: string; amount: number }[]>()
  if (!lineIds.length) return paid
  const rows = await db
    .select({
      lineId: paymentAllocations.invoiceLineId,
      date: payments.receivedOn,
      amount: paymentAllocations.principalMinor,
    })
    .from(paymentAllocations)
    .innerJoin(
      payments,
      rowKey(payments, paymentAllocations.instituteId, paymentAllocations.paymentId),
    )
    .where(
      and(
        eq(paymentAllocations.instituteId, instituteId),
        anyUuid(paymentAllocations.invoiceLineId, lineIds),
        eq(payments.status, 'posted'),
      ),
    )
  for (const { lineId, ...payment } of rows)
    paid.set(lineId, [...(paid.get(lineId) ?? []), payment])
  return paid
}

/** A line as the fine rules need it: whose, of which period, and whether it still counts. */
type FinedLine = Pick<LineRow, 'id' | 'studentId' | 'periodId' | 'cancelled'>

/**
 * Each line's fine as of `asOf` by the rules, before waivers. A period cap is shared by the
 * student's lines of the period, in the heads' priority: each line is computed with those
 * (a cancelled line has none, so no fine; a line without a period is alone). Lines of several
 * students and periods are read together: a handful of queries however many lines.
 */
async function finesByRules(
  db: Db,
  instituteId: string,
  lines: FinedLine[],
  asOf: string,
): Promise<Map<string, number>> {
  const fines = new Map(lines.map((l) => [l.id, 0]))
  const live = lines.filter((l) => !l.cancelled)
  if (!live.length) return fines
  const rules = (
    await db
      .select()
      .from(fineRules)
      .where(and(eq(fineRules.instituteId, instituteId), eq(fineRules.active, true)))
  ).map(presentFineRule)
  // No rule in force charges nothing, whatever the lines.
  if (!rules.length) return fines
  const groupOf = (l: Pick<LineRow, 'id' | 'studentId' | 'periodId'>) =>
    l.periodId === null ? `line:${l.id}` : `${l.studentId}:${l.periodId}`
  const alone = live.filter((l) => l.periodId === null).map((l) => l.id)
  const periods = live.filter((l) => l.periodId !== null)
  const rows = await db
    .select({
      id: invoiceLines.id,
      studentId: invoiceLines.studentId,
      periodId: invoiceLines.periodId,
      feeHeadId: invoiceLines.feeHeadId,
      netMinor: invoiceLines.netMinor,
      dueDate: invoices.dueDate,
    })
    .from(invoiceLines)
    .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
    .innerJoin(feeHeads, rowKey(feeHeads, invoiceLines.instituteId, invoiceLines.feeHeadId))
    .where(
      and(
        eq(invoiceLines.instituteId, instituteId),
        or(
          ...(alone.length ? [anyUuid(invoiceLines.id, alone)] : []),
          ...(periods.length
            ? [
                sql`(${invoiceLines.studentId}, ${invoiceLines.periodId}) in (select * from unnest(
                  ${pgArray(periods.map((l) => l.studentId))}::uuid[],
                  ${pgArray(periods.map((l) => l.periodId!))}::uuid[]))`,
              ]
            : []),
        ),
        eq(invoiceLines.cancelled, false),
        isNull(invoiceLines.creditsLineId),
      ),
    )
    .orderBy(asc(feeHeads.priority), asc(invoices.sequence), asc(invoiceLines.lineNo))
  const amounts = await amountsOf(db, rows)
  const paid = await paymentsOf(
    db,
    instituteId,
    rows.map((r) => r.id),
  )
  const groups = new Map<string, FineLine[]>()
  for (const r of rows) {
    const group = groups.get(groupOf(r)) ?? []
    group.push({
      id: r.id,
      feeHeadId: r.feeHeadId,
      dueDate: r.dueDate,
      amount: Math.max(0, amounts.get(r.id)!),
      payments: paid.get(r.id) ?? [],
    })
    groups.set(groupOf(r), group)
  }
  const computed = new Map<string, ReturnType<typeof finesOfPeriod>>()
  for (const l of live) {
    const key = groupOf(l)
    if (!computed.has(key)) computed.set(key, finesOfPeriod(groups.get(key) ?? [], rules, asOf))
    fines.set(l.id, computed.get(key)!.find((f) => f.lineId === l.id)?.amount ?? 0)
  }
  return fines
}

/**
 * What the lines charge as of `asOf`: each one's fine by the rules less the waivers granted by
 * then (the counter reads a family's lines at once).
 */
export async function chargedFines(
  db: Db,
  instituteId: string,
  lines: FinedLine[],
  asOf: string,
): Promise<Map<string, WaivedFine>> {
  const fines = await finesByRules(db, instituteId, lines, asOf)
  const fined = lines.filter((l) => fines.get(l.id)! > 0).map((l) => l.id)
  const waivers = new Map<string, { waivedOn: string; amount: number }[]>()
  if (fined.length) {
    const rows = await db
      .select({
        lineId: fineWaivers.invoiceLineId,
        waivedOn: fineWaivers.waivedOn,
        amount: fineWaivers.amountMinor,
      })
      .from(fineWaivers)
      .where(
        and(eq(fineWaivers.instituteId, instituteId), anyUuid(fineWaivers.invoiceLineId, fined)),
      )
    for (const { lineId, ...w } of rows) waivers.set(lineId, [...(waivers.get(lineId) ?? []), w])
  }
  return new Map(
    lines.map((l) => [l.id, waiveFine(fines.get(l.id)!, waivers.get(l.id) ?? [], asOf)]),
  )
}

/** The line's fine as of `asOf`, with the waivers granted by then. */
export async function lineFine(
  db: Db,
  instituteId: string,
  { line, invoice }: { line: LineRow; invoice: typeof invoices.$inferSelect },
  asOf: string,
): Promise<LineFine> {
  const fine = (await finesByRules(db, instituteId, [line], asOf)).get(line.id)!
  const waivers = await db
    .select({ row: fineWaivers, createdByName: users.fullName })
    .from(fineWaivers)
    .leftJoin(users, eq(users.id, fineWaivers.createdBy))
    .where(and(eq(fineWaivers.instituteId, instituteId), eq(fineWaivers.invoiceLineId, line.id)))
    .orderBy(asc(fineWaivers.createdAt))
  const waived = waiveFine(
    fine,
    waivers.map((w) => ({ waivedOn: w.row.waivedOn, amount: w.row.amountMinor })),
    asOf,
  )
  return {
    invoiceId: invoice.id,
    lineId: line.id,
    asOf,
    fineMinor: waived.fine,
    waivedMinor: waived.waived,
    chargedMinor: waived.amount,
    waivers: waivers.map(({ row, createdByName }): FineWaiverRow => ({
      id: row.id,
      waivedOn: row.waivedOn,
      amountMinor: row.amountMinor,
      reason: row.reason,
      createdByName,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}
