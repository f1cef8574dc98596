import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Db } from '../db/client.ts'
import type { JobKind } from '../lib/jobs/job-kind.ts'
import type { TestApp } from './test-app.ts'

/** A promise the test resolves when it chooses: a job waits on it between its batches. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

export interface CountingHooks {
  /** Called before each batch; a batch's rows are written before it may throw. */
  beforeBatch?: (next: number) => Promise<void> | void
  /** Throws inside the batch's transaction, after its rows were written. */
  failInBatch?: (next: number) => boolean
  /** Every checkpoint a run started from. */
  startedFrom: (number | undefined)[]
}

/**
 * A test-only kind: writes rows 0..count-1 into `job_test_rows`, three per batch, each row
 * once (its primary key would refuse a second). Production registers no such kind.
 */
export function countingKind(
  hooks: CountingHooks,
  name = 'test-count',
): JobKind<{ count: number }, { next: number }, { written: number }> {
  return {
    kind: name,
    subject: 'students',
    params: v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(1, 'too_small')) }),
    async run(ctx) {
      hooks.startedFrom.push(ctx.checkpoint?.next)
      let next = ctx.checkpoint?.next ?? 0
      while (next < ctx.params.count) {
        await hooks.beforeBatch?.(next)
        const from = next
        next = (
          await ctx.step(async (tx) => {
            const to = Math.min(from + 3, ctx.params.count)
            for (let n = from; n < to; n++) {
              await tx.execute(
                sql`insert into job_test_rows (job_id, n) values (${ctx.jobId}, ${n})`,
              )
            }
            if (hooks.failInBatch?.(from)) throw new Error('batch failed half-way')
            return { checkpoint: { next: to }, done: to, total: ctx.params.count }
          })
        ).next
      }
      return { written: next }
    },
  }
}

export async function createJobTestTable(t: TestApp) {
  await t.database.db.execute(
    sql`create table job_test_rows (job_id uuid not null, n int not null, primary key (job_id, n))`,
  )
}

/** The rows a job has written, in order. */
export async function rowsOf(db: Db, jobId: string) {
  const result = await db.execute(
    sql`select n from job_test_rows where job_id = ${jobId} order by n`,
  )
  return (result as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)
}
