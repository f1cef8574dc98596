import { and, eq, isNull } from 'drizzle-orm'
import type * as v from 'valibot'
import type { FeeConfigCell, FeeConfigScopeSchema } from '../../../../shared/schemas/fee-setup.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions, groups } from '../../../db/schema/academic.ts'
import { feeConfigs, paymentCycles } from '../../../db/schema/fee-setup.ts'
import { campuses } from '../../../db/schema/institutes.ts'
import { validationFailed, type FieldRefusal } from '../../../lib/errors.ts'
import { sessionOf } from './payment-cycle-read.ts'
import { headsById } from './setup-read.ts'

export type Scope = v.InferOutput<typeof FeeConfigScopeSchema>
export type ConfigRow = typeof feeConfigs.$inferSelect

/** The one cell an amount is for: class, head, cycle, group and campus. */
export const scopeKey = (
  r: Pick<ConfigRow, 'classId' | 'feeHeadId' | 'cycleId' | 'groupId' | 'campusId'>,
) => [r.classId, r.feeHeadId, r.cycleId ?? '', r.groupId ?? '', r.campusId ?? ''].join('|')

/** The institute's current session, if it has marked one. */
export async function currentSessionId(db: Db, instituteId: string) {
  const [current] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.isCurrent, true)))
  return current?.id
}

/** The rows of a grid's scope: its campus and group exactly (null = any), every cycle given. */
export async function scopeRows(tx: Db, instituteId: string, scope: Scope) {
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

/** Every amount configured for the session, whatever its scope. */
export async function sessionRows(tx: Db, instituteId: string, sessionId: string) {
  return tx
    .select()
    .from(feeConfigs)
    .where(
      and(eq(feeConfigs.instituteId, instituteId), eq(feeConfigs.academicSessionId, sessionId)),
    )
}

/**
 * The grid's cells: a recurring head's amount per the scope's cycle, any other head's without
 * a cycle. Rows for other cycles are not the grid's.
 */
export async function gridCells(
  tx: Db,
  instituteId: string,
  scope: Scope,
): Promise<FeeConfigCell[]> {
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
export async function checkScope(tx: Db, instituteId: string, scope: Scope) {
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
