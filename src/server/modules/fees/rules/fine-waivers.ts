import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { finesOfPeriod, type FineLine } from '../../../../shared/fees/fine.ts'
import { waiveFine, type WaivedFine } from '../../../../shared/fees/fine-waiver.ts'
import {
  FineAsOfQuerySchema,
  FineWaiverRequestSchema,
  type FineWaiverRow,
  type LineFine,
} from '../../../../shared/schemas/fine-waivers.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { users } from '../../../db/schema/auth.ts'
import { paymentAllocations, payments } from '../../../db/schema/collection.ts'
import {
  feeHeads,
  fineRules,
  fineWaivers,
  invoiceLines,
  invoices,
} from '../../../db/schema/fees.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound, validationFailed } from '../../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../../lib/idempotency.ts'
import { parseOrThrow, readJson } from '../../../lib/validate.ts'
import { instituteToday } from '../../accounting/open-period.ts'
import { presentFineRule } from './fine-rules.ts'
import { pathId } from './rule-heads.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

/*
 * /fees/invoices/:invoiceId/lines/:lineId: a line's fine as of a day (`?asOf=`, else today; the shared fine rules,
 * with the period cap over the student's lines of the period, less the waivers granted), and
 * waiving it in part or whole with a reason (permission fine-waiver, audited, Idempotency-Key
 * taken). The fine is a line's figure as of a day, never posted here: collection charges it
 * when it is paid (invoice_lines.fine_minor), and a line's payments stop its lateness.
 */

type LineRow = typeof invoiceLines.$inferSelect

/** The addressed line of a live invoice of the institute, or 404. */
async function lineOf(c: Context<AppEnv>, db: Db, lock = false) {
  const invoiceId = pathId(c.req.param('invoiceId'), 'invoice_not_found')
  const lineId = pathId(c.req.param('lineId'), 'invoice_line_not_found')
  const query = db
    .select({ line: invoiceLines, invoice: invoices })
    .from(invoiceLines)
    .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoices.instituteId, c.var.auth.instituteId),
        eq(invoices.id, invoiceId),
        eq(invoiceLines.id, lineId),
        isNull(invoiceLines.creditsLineId),
      ),
    )
  const [row] = lock ? await query.for('update', { of: invoiceLines }) : await query
  if (!row) throw notFound('invoice_line_not_found')
  return row
}

/**
 * The day a read counts fines for: its `?asOf=` (a real YYYY-MM-DD, else 422 naming `asOf`),
 * or today in the institute's calendar.
 */
export async function fineAsOf(c: Context<AppEnv>, db: Db): Promise<string> {
  const { asOf } = parseOrThrow(FineAsOfQuerySchema, c.req.query())
  return asOf ?? (await instituteToday(db, c.var.auth.instituteId))
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
            inArray(
              invoiceLines.creditsLineId,
              lines.map((l) => l.id),
            ),
            isNotNull(invoices.concessionId),
          ),
        )
    : []
  return new Map(
    lines.map((l) => [
      l.id,
      l.netMinor +
        credits.filter((c) => c.creditsLineId === l.id).reduce((s, c) => s + c.netMinor, 0),
    ]),
  )
}

/** The principal paid on each line by receipts not cancelled, dated as received. */
async function paymentsOf(db: Db, instituteId: string, lineIds: string[]) {
  if (!lineIds.length) return []
  return db
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
        inArray(paymentAllocations.invoiceLineId, lineIds),
        eq(payments.status, 'posted'),
      ),
    )
}

/** A line as the fine rules need it: whose, of which period, and whether it still counts. */
export type FinedLine = Pick<LineRow, 'id' | 'studentId' | 'periodId' | 'cancelled'>

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
          ...(alone.length ? [inArray(invoiceLines.id, alone)] : []),
          ...periods.map((l) =>
            and(eq(invoiceLines.studentId, l.studentId), eq(invoiceLines.periodId, l.periodId!)),
          ),
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
      payments: paid.filter((x) => x.lineId === r.id),
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
  const waivers = fined.length
    ? await db
        .select({
          lineId: fineWaivers.invoiceLineId,
          waivedOn: fineWaivers.waivedOn,
          amount: fineWaivers.amountMinor,
        })
        .from(fineWaivers)
        .where(
          and(eq(fineWaivers.instituteId, instituteId), inArray(fineWaivers.invoiceLineId, fined)),
        )
    : []
  return new Map(
    lines.map((l) => [
      l.id,
      waiveFine(
        fines.get(l.id)!,
        waivers.filter((w) => w.lineId === l.id),
        asOf,
      ),
    ]),
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

export const fineWaiverRoutes = new Hono<AppEnv>()
  .get(
    '/:invoiceId/lines/:lineId/fine',
    requireAuth(),
    requirePermission('read', 'group-invoice'),
    async (c) => {
      const { db } = c.var.database
      const instituteId = c.var.auth.instituteId
      const asOf = await fineAsOf(c, db)
      const found = await lineOf(c, db)
      return c.json<LineFine>(await lineFine(db, instituteId, found, asOf))
    },
  )

  .post(
    '/:invoiceId/lines/:lineId/fine-waivers',
    requireAuth(),
    requirePermission('create', 'fine-waiver'),
    async (c) => {
      const { database, auth } = c.var
      await lineOf(c, database.db)
      const body = await readJson(c, FineWaiverRequestSchema)
      const key = idempotencyKey(c, { required: false })
      const fingerprint = fingerprintOf({ ...body, line: c.req.param('lineId') })
      const { replayed } = await withIdempotency(
        {
          key,
          fingerprint,
          subject: 'voucher',
          find: async (key) => {
            const [earlier] = await database.db
              .select({ lineId: fineWaivers.invoiceLineId, hash: fineWaivers.payloadHash })
              .from(fineWaivers)
              .where(
                and(
                  eq(fineWaivers.instituteId, auth.instituteId),
                  eq(fineWaivers.idempotencyKey, key),
                ),
              )
            return earlier && { fingerprint: earlier.hash ?? '', answer: earlier.lineId }
          },
        },
        () =>
          database.db.transaction(async (tx) => {
            // Waivers of one line take turns: two at once never waive more than the fine.
            const found = await lineOf(c, tx, true)
            const today = await instituteToday(tx, auth.instituteId)
            const before = await lineFine(tx, auth.instituteId, found, today)
            // What was paid of the fine at the counter is income already: only the rest goes.
            const open = Math.max(0, before.chargedMinor - found.line.fineMinor)
            if (open === 0) {
              throw validationFailed({ amountMinor: 'fine_waiver_no_fine' })
            }
            const amount = body.amountMinor ?? open
            if (amount > open) {
              throw validationFailed({
                amountMinor: { code: 'fine_waiver_over_fine', values: { max: open } },
              })
            }
            const [row] = await tx
              .insert(fineWaivers)
              .values({
                instituteId: auth.instituteId,
                invoiceLineId: found.line.id,
                waivedOn: today,
                amountMinor: amount,
                reason: body.reason,
                idempotencyKey: key,
                payloadHash: key ? fingerprint : null,
                createdBy: auth.user.id,
              })
              .returning({ id: fineWaivers.id })
            await audit(c, tx, {
              area: 'fees',
              action: 'waive_fine',
              entity: 'invoice',
              entityId: found.invoice.id,
              before: { lineId: found.line.id, fineMinor: before.chargedMinor },
              after: {
                lineId: found.line.id,
                waiverId: row!.id,
                amountMinor: amount,
                reason: body.reason,
              },
            })
            return found.line.id
          }),
      )
      const { db } = database
      const found = await lineOf(c, db)
      const fine = await lineFine(
        db,
        auth.instituteId,
        found,
        await instituteToday(db, auth.instituteId),
      )
      return c.json<LineFine>(fine, replayed ? 200 : 201)
    },
  )
