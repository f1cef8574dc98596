import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { advanceMovements } from '../../db/schema/collection.ts'
import { anyUuid } from '../../lib/sql-arrays.ts'

/** Each student's advance balance (Σ movements), 0 for those with none. */
export async function advanceBalances(
  db: Db,
  instituteId: string,
  studentIds: string[],
): Promise<Map<string, number>> {
  const rows = studentIds.length
    ? await db
        .select({
          studentId: advanceMovements.studentId,
          balance: sql<string>`sum(${advanceMovements.amountMinor})`,
        })
        .from(advanceMovements)
        .where(
          and(
            eq(advanceMovements.instituteId, instituteId),
            anyUuid(advanceMovements.studentId, studentIds),
          ),
        )
        .groupBy(advanceMovements.studentId)
    : []
  return new Map(
    studentIds.map((id) => [id, Number(rows.find((r) => r.studentId === id)?.balance ?? 0)]),
  )
}
