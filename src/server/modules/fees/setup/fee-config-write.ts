import { and, eq, inArray, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import { adjustAmount } from '../../../../shared/fees/adjust-amount.ts'
import type {
  FeeConfigCopySchema,
  FeeConfigSaveSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { Db } from '../../../db/client.ts'
import { classes } from '../../../db/schema/academic.ts'
import { feeConfigs, paymentCycles } from '../../../db/schema/fee-setup.ts'
import { institutes } from '../../../db/schema/institutes.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { validationFailed, type FieldRefusal } from '../../../lib/errors.ts'
import { checkScope, scopeKey, scopeRows, sessionRows, type Scope } from './fee-config-read.ts'
import { sessionOf } from './payment-cycle-read.ts'
import { headsById } from './setup-read.ts'

/** Who changes the amounts: their institute, and the user each row records. */
interface Writer {
  instituteId: string
  userId: string
}

/** Changes to one session's amounts wait for each other: diffs are taken against settled rows. */
const lockSession = (tx: Db, sessionId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fee-configs:${sessionId}`}))`)

/**
 * Saves the changed cells of a grid (null clears one): 422 on an unknown class or head, or a
 * recurring head without a cycle. Answers each changed cell's amount before and after, by
 * "class:head code".
 */
export async function saveCells(
  tx: Db,
  writer: Writer,
  scope: Scope,
  changes: v.InferOutput<typeof FeeConfigSaveSchema>['changes'],
) {
  const { instituteId, userId } = writer
  await checkScope(tx, instituteId, scope)
  await lockSession(tx, scope.academicSessionId)
  const heads = await headsById(tx, instituteId)
  const classIds = new Set(
    (
      await tx.select({ id: classes.id }).from(classes).where(eq(classes.instituteId, instituteId))
    ).map((r) => r.id),
  )
  const refusals: Record<string, FieldRefusal> = {}
  changes.forEach((change, i) => {
    if (!classIds.has(change.classId)) refusals[`changes.${i}.classId`] = 'unknown_structure_item'
    const head = heads.get(change.feeHeadId)
    if (!head) refusals[`changes.${i}.feeHeadId`] = 'unknown_fee_head'
    else if (head.kind === 'recurring' && !scope.cycleId) refusals.cycleId = 'fee_cycle_required'
  })
  if (Object.keys(refusals).length) throw validationFailed(refusals)

  const existing = new Map(
    (await scopeRows(tx, instituteId, scope)).map((row) => [scopeKey(row), row]),
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
        .set({ amountMinor: change.amountMinor, updatedBy: userId, updatedAt: new Date() })
        .where(rowKey(feeConfigs, row.instituteId, row.id))
    } else {
      inserts.push({
        instituteId,
        academicSessionId: scope.academicSessionId,
        classId: change.classId,
        groupId: scope.groupId,
        campusId: scope.campusId,
        feeHeadId: change.feeHeadId,
        cycleId,
        amountMinor: change.amountMinor,
        updatedBy: userId,
      })
    }
  }
  if (inserts.length) await tx.insert(feeConfigs).values(inserts)
  return { before, after }
}

/**
 * Copies a session's amounts to another, changed by `changeBp` and rounded; a recurring amount
 * goes to the target's cycle of the same name, and is skipped when there is none.
 */
export async function copyConfigs(
  tx: Db,
  writer: Writer,
  body: v.InferOutput<typeof FeeConfigCopySchema>,
) {
  const { instituteId, userId } = writer
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
    cycles.filter((y) => y.academicSessionId === to.id).map((y) => [y.name.toLowerCase(), y.id]),
  )
  const targetOf = new Map(
    cycles
      .filter((y) => y.academicSessionId === from.id)
      .map((y) => [y.id, targetByName.get(y.name.toLowerCase())]),
  )
  const source = await sessionRows(tx, instituteId, from.id)
  const existing = new Map(
    (await sessionRows(tx, instituteId, to.id)).map((row) => [scopeKey(row), row]),
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
        .set({ amountMinor, updatedBy: userId, updatedAt: new Date() })
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
        updatedBy: userId,
      })
    }
  }
  if (inserts.length) await tx.insert(feeConfigs).values(inserts)
  return { from, to, copied, skipped }
}
