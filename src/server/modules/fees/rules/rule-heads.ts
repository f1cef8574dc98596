import { and, asc, eq } from 'drizzle-orm'
import type { RuleHead } from '../../../../shared/schemas/fee-rules.ts'
import type { Db } from '../../../db/client.ts'
import { feeHeads } from '../../../db/schema/fee-setup.ts'
import { notFound, validationFailed } from '../../../lib/errors.ts'

/*
 * What the fee rule endpoints (VAT, fines, concessions) need of fee heads: their names for the
 * screens, and a check that a head named in a request is the caller's institute's.
 */

export async function ruleHeads(db: Db, instituteId: string): Promise<RuleHead[]> {
  return db
    .select({
      id: feeHeads.id,
      code: feeHeads.code,
      name: feeHeads.name,
      active: feeHeads.active,
    })
    .from(feeHeads)
    .where(eq(feeHeads.instituteId, instituteId))
    .orderBy(asc(feeHeads.priority), asc(feeHeads.name))
}

/** The head of the caller's institute, or a 422 on `field` (a 404 when it is the path's). */
export async function headOf(
  db: Db,
  instituteId: string,
  feeHeadId: string,
  field: string | null = 'feeHeadId',
) {
  const [row] = await db
    .select({ id: feeHeads.id, name: feeHeads.name })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, instituteId), eq(feeHeads.id, feeHeadId)))
  if (!row) {
    throw field
      ? validationFailed({ [field]: 'fee_head_not_found' })
      : notFound('fee_head_not_found')
  }
  return row
}
