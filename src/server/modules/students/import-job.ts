import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { id } from '../../../shared/schemas/primitives.ts'
import type { ImportResult } from '../../../shared/schemas/student-imports.ts'
import type { Db } from '../../db/client.ts'
import type { JobKind } from '../../lib/jobs/job-kind.ts'
import { writeRows, type BatchCounts } from './import-plan.ts'
import type { ImportedRow } from './import-rows.ts'

/** Rows per batch: each batch is one transaction, all of it written or none. */
const importBatchSize = 200

interface Checkpoint extends BatchCounts {
  next: number
}

export interface ImportJobParams {
  importId: string
  resume?: Checkpoint
}

/** Rows `from` (0-based) up to `from + count` of a stored upload, and how many it has in all. */
async function slice(tx: Db, importId: string, instituteId: string, from: number, count: number) {
  const result = await tx.execute(sql`
    select jsonb_array_length(rows) as total,
      coalesce((select jsonb_agg(elem order by n) from jsonb_array_elements(rows) with ordinality as t(elem, n)
        where n > ${from} and n <= ${from + count}), '[]'::jsonb) as rows
    from student_imports where id = ${importId} and institute_id = ${instituteId}`)
  const [row] = (result as unknown as { rows: { total: number; rows: ImportedRow[] }[] }).rows
  return row ?? { total: 0, rows: [] }
}

/**
 * Writes a confirmed upload's rows, `importBatchSize` at a time. The checkpoint is the next row
 * and the counts so far, so a run resumed after a crash or a failed batch goes on where the last
 * committed batch ended, and its result equals that of a run never interrupted.
 */
export const studentImportJob: JobKind<ImportJobParams, Checkpoint, ImportResult> = {
  kind: 'student-import',
  subject: 'students',
  params: v.object({
    importId: id,
    /** Where a failed or cancelled job of the same upload stopped: this one goes on from there. */
    resume: v.optional(
      v.object({
        next: v.number(),
        created: v.number(),
        updated: v.number(),
        unchanged: v.number(),
      }),
    ),
  }),
  async run(ctx) {
    let at: Checkpoint = ctx.checkpoint ??
      ctx.params.resume ?? { next: 0, created: 0, updated: 0, unchanged: 0 }
    for (;;) {
      const from = at
      let finished = false
      at = await ctx.step(async (tx) => {
        const { total, rows } = await slice(
          tx,
          ctx.params.importId,
          ctx.instituteId,
          from.next,
          importBatchSize,
        )
        const counts = await writeRows(tx, ctx.instituteId, rows)
        const next = from.next + rows.length
        finished = next >= total
        return {
          checkpoint: {
            next,
            created: from.created + counts.created,
            updated: from.updated + counts.updated,
            unchanged: from.unchanged + counts.unchanged,
          },
          done: next,
          total,
        }
      })
      if (finished) return { created: at.created, updated: at.updated, unchanged: at.unchanged }
    }
  },
}
