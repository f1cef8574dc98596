import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type * as v from 'valibot'
import { adjustAmount } from '../../../../shared/fees/adjust-amount.ts'
import {
  FeeConfigCopySchema,
  FeeConfigQuerySchema,
  FeeConfigSaveSchema,
  FeeConfigScopeSchema,
  type FeeConfigCell,
  FeeConfigCopyResultSchema,
  FeeConfigGridSchema,
  FeeConfigSaveResultSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions, classes, groups } from '../../../db/schema/academic.ts'
import { feeConfigs, paymentCycles } from '../../../db/schema/fee-setup.ts'
import { campuses, institutes } from '../../../db/schema/institutes.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { validationFailed, type FieldRefusal } from '../../../lib/errors.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { sessionOf } from './payment-cycle-read.ts'
import { headsById } from './setup-read.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { documented } from '../../../lib/openapi/documented.ts'

type Scope = v.InferOutput<typeof FeeConfigScopeSchema>
type ConfigRow = typeof feeConfigs.$inferSelect

/** Changes to one session's amounts wait for each other: diffs are taken against settled rows. */
const lockSession = (tx: Db, sessionId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fee-configs:${sessionId}`}))`)

/** The rows of a grid's scope: its campus and group exactly (null = any), every cycle given. */
async function scopeRows(tx: Db, instituteId: string, scope: Scope) {
  return tx
    .select()
    .from(feeConfigs)
    .where(
      and(
        eq(feeConfigs.instituteId, instituteId),
        eq(feeConfigs.academicSessionId, scope.academicSessionId),
        scope.campusId ? eq(feeConfigs.campusId, scope.campusId) : isNull(feeConfigs.campusId),
        scope.groupId ? eq(feeConfigs.groupId, scope.groupId) : isNull(feeConfigs.groupId),
      ),
    )
}

/**
 * The grid's cells: a recurring head's amount per the scope's cycle, any other head's without
 * a cycle. Rows for other cycles are not the grid's.
 */
async function gridCells(tx: Db, instituteId: string, scope: Scope): Promise<FeeConfigCell[]> {
  const heads = await headsById(tx, instituteId)
  return (await scopeRows(tx, instituteId, scope))
    .filter((row) => {
      const recurring = heads.get(row.feeHeadId)?.kind === 'recurring'
      return recurring
        ? row.cycleId !== null && row.cycleId === scope.cycleId
        : row.cycleId === null
    })
    .map((row) => ({
      classId: row.classId,
      feeHeadId: row.feeHeadId,
      amountMinor: row.amountMinor,
    }))
}

/** 422 unless the scope's session, campus, group and cycle are the institute's (the cycle the session's). */
async function checkScope(tx: Db, instituteId: string, scope: Scope) {
  const session = await sessionOf(tx, instituteId, scope.academicSessionId, 'academicSessionId')
  const refusals: Record<string, FieldRefusal> = {}
  if (scope.campusId) {
    const [found] = await tx
      .select({ id: campuses.id })
      .from(campuses)
      .where(and(eq(campuses.instituteId, instituteId), eq(campuses.id, scope.campusId)))
    if (!found) refusals.campusId = 'unknown_structure_item'
  }
  if (scope.groupId) {
    const [found] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.instituteId, instituteId), eq(groups.id, scope.groupId)))
    if (!found) refusals.groupId = 'unknown_structure_item'
  }
  if (scope.cycleId) {
    const [found] = await tx
      .select({ id: paymentCycles.id })
      .from(paymentCycles)
      .where(
        and(
          eq(paymentCycles.instituteId, instituteId),
          eq(paymentCycles.academicSessionId, session.id),
          eq(paymentCycles.id, scope.cycleId),
        ),
      )
    if (!found) refusals.cycleId = 'unknown_structure_item'
  }
  if (Object.keys(refusals).length) throw validationFailed(refusals)
  return session
}

const scopeKey = (
  r: Pick<ConfigRow, 'classId' | 'feeHeadId' | 'cycleId' | 'groupId' | 'campusId'>,
) => [r.classId, r.feeHeadId, r.cycleId ?? '', r.groupId ?? '', r.campusId ?? ''].join('|')

/**
 * /fees/configs: the fee configuration grid (classes × heads for a session, optionally one
 * campus and one group), saved a set of changed cells at a time, and a whole session's
 * configuration copied to another. Each save is one audit row with the cells before and after.
 */
export const feeConfigRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeConfigGridSchema, query: FeeConfigQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'std-fee-config'), async (c) => {
    const query = readQuery(c, FeeConfigQuerySchema)
    const { database, auth } = c.var
    const [current] = await database.db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(
        and(
          eq(academicSessions.instituteId, auth.instituteId),
          eq(academicSessions.isCurrent, true),
        ),
      )
    const academicSessionId = query.academicSessionId ?? current?.id
    if (!academicSessionId) return c.json({ cells: [] })
    const scope = { ...query, academicSessionId }
    await checkScope(database.db, auth.instituteId, scope)
    return c.json({ cells: await gridCells(database.db, auth.instituteId, scope) })
  })

  .put('/', documented({ answers: FeeConfigSaveResultSchema, body: FeeConfigSaveSchema }))

  .put('/', requireAuth(), requirePermission('update', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeConfigSaveSchema)
    const { database, auth } = c.var
    const { changes, ...scope } = body
    const changed = await database.db.transaction(async (tx) => {
      await checkScope(tx, auth.instituteId, scope)
      await lockSession(tx, scope.academicSessionId)
      const heads = await headsById(tx, auth.instituteId)
      const classIds = new Set(
        (
          await tx
            .select({ id: classes.id })
            .from(classes)
            .where(eq(classes.instituteId, auth.instituteId))
        ).map((r) => r.id),
      )
      const refusals: Record<string, FieldRefusal> = {}
      changes.forEach((change, i) => {
        if (!classIds.has(change.classId))
          refusals[`changes.${i}.classId`] = 'unknown_structure_item'
        const head = heads.get(change.feeHeadId)
        if (!head) refusals[`changes.${i}.feeHeadId`] = 'unknown_fee_head'
        else if (head.kind === 'recurring' && !scope.cycleId)
          refusals.cycleId = 'fee_cycle_required'
      })
      if (Object.keys(refusals).length) throw validationFailed(refusals)

      const existing = new Map(
        (await scopeRows(tx, auth.instituteId, scope)).map((row) => [scopeKey(row), row]),
      )
      const before: Record<string, number | null> = {}
      const after: Record<string, number | null> = {}
      const inserts: (typeof feeConfigs.$inferInsert)[] = []
      for (const change of changes) {
        const head = heads.get(change.feeHeadId)!
        const cycleId = head.kind === 'recurring' ? scope.cycleId! : null
        const cell = { ...change, cycleId, groupId: scope.groupId, campusId: scope.campusId }
        const row = existing.get(scopeKey(cell))
        if ((row?.amountMinor ?? null) === change.amountMinor) continue
        const label = `${change.classId}:${head.code}`
        before[label] = row?.amountMinor ?? null
        after[label] = change.amountMinor
        if (change.amountMinor === null) {
          await tx.delete(feeConfigs).where(rowKey(feeConfigs, row!.instituteId, row!.id))
        } else if (row) {
          await tx
            .update(feeConfigs)
            .set({
              amountMinor: change.amountMinor,
              updatedBy: auth.user.id,
              updatedAt: new Date(),
            })
            .where(rowKey(feeConfigs, row.instituteId, row.id))
        } else {
          inserts.push({
            instituteId: auth.instituteId,
            academicSessionId: scope.academicSessionId,
            classId: change.classId,
            groupId: scope.groupId,
            campusId: scope.campusId,
            feeHeadId: change.feeHeadId,
            cycleId,
            amountMinor: change.amountMinor,
            updatedBy: auth.user.id,
          })
        }
      }
      if (inserts.length) await tx.insert(feeConfigs).values(inserts)
      const count = Object.keys(after).length
      if (count > 0) {
        await audit(c, tx, {
          area: 'fees',
          action: 'update',
          entity: 'fee_config',
          entityId: scope.academicSessionId,
          before: { scope, amounts: before },
          after: { scope, amounts: after },
        })
      }
      return count
    })
    return c.json({ cells: await gridCells(database.db, auth.instituteId, scope), changed })
  })

  .post('/copy', documented({ answers: FeeConfigCopyResultSchema, body: FeeConfigCopySchema }))

  .post('/copy', requireAuth(), requirePermission('create', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeConfigCopySchema)
    const { database, auth } = c.var
    const instituteId = auth.instituteId
    if (body.fromSessionId === body.toSessionId) {
      throw validationFailed({ toSessionId: 'fee_copy_same_session' })
    }
    const result = await database.db.transaction(async (tx) => {
      const from = await sessionOf(tx, instituteId, body.fromSessionId, 'fromSessionId')
      const to = await sessionOf(tx, instituteId, body.toSessionId, 'toSessionId')
      await lockSession(tx, to.id)
      const [{ digits } = { digits: 2 }] = await tx
        .select({ digits: institutes.currencyDigits })
        .from(institutes)
        .where(eq(institutes.id, instituteId))
      const cycles = await tx
        .select()
        .from(paymentCycles)
        .where(
          and(
            eq(paymentCycles.instituteId, instituteId),
            inArray(paymentCycles.academicSessionId, [from.id, to.id]),
          ),
        )
      // A source cycle's amounts go to the target session's cycle of the same name.
      const targetByName = new Map(
        cycles
          .filter((y) => y.academicSessionId === to.id)
          .map((y) => [y.name.toLowerCase(), y.id]),
      )
      const targetOf = new Map(
        cycles
          .filter((y) => y.academicSessionId === from.id)
          .map((y) => [y.id, targetByName.get(y.name.toLowerCase())]),
      )
      const source = await tx
        .select()
        .from(feeConfigs)
        .where(
          and(eq(feeConfigs.instituteId, instituteId), eq(feeConfigs.academicSessionId, from.id)),
        )
      const existing = new Map(
        (
          await tx
            .select()
            .from(feeConfigs)
            .where(
              and(eq(feeConfigs.instituteId, instituteId), eq(feeConfigs.academicSessionId, to.id)),
            )
        ).map((row) => [scopeKey(row), row]),
      )
      let copied = 0
      let skipped = 0
      const inserts: (typeof feeConfigs.$inferInsert)[] = []
      for (const row of source) {
        const cycleId = row.cycleId === null ? null : targetOf.get(row.cycleId)
        if (cycleId === undefined) {
          skipped++
          continue
        }
        const amountMinor = adjustAmount(row.amountMinor, body.changeBp, body.rounding, digits)
        const target = existing.get(scopeKey({ ...row, cycleId }))
        copied++
        if (target) {
          await tx
            .update(feeConfigs)
            .set({ amountMinor, updatedBy: auth.user.id, updatedAt: new Date() })
            .where(rowKey(feeConfigs, target.instituteId, target.id))
        } else {
          inserts.push({
            instituteId,
            academicSessionId: to.id,
            classId: row.classId,
            groupId: row.groupId,
            campusId: row.campusId,
            feeHeadId: row.feeHeadId,
            cycleId,
            amountMinor,
            updatedBy: auth.user.id,
          })
        }
      }
      if (inserts.length) await tx.insert(feeConfigs).values(inserts)
      await audit(c, tx, {
        area: 'fees',
        action: 'copy',
        entity: 'fee_config',
        entityId: to.id,
        after: {
          fromSession: from.name,
          toSession: to.name,
          changeBp: body.changeBp,
          rounding: body.rounding,
          copied,
          skipped,
        },
      })
      return { copied, skipped }
    })
    return c.json(result)
  })
