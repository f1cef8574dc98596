/**
 * The jobs benchmark: what the job mechanism itself costs a batch — the step's
 * transaction, its row lock, the checkpoint and progress written and the lease renewed — with
 * batches that do nothing else, on the tests' in-memory PGlite (createTestApp).
 *
 * Called by bench/run.ts; `node --import tsx bench/jobs.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { institutes } from '../src/server/db/schema/institutes.ts'
import type { JobKind } from '../src/server/lib/jobs/job-kind.ts'
import { createTestApp } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'

const steps = Number(process.env.JOBS_BENCH_STEPS ?? 2_000)

async function measure() {
  const t = await createTestApp()
  try {
    const [demo] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'demo-school'))
    const emptySteps: JobKind<{ steps: number }, number, { steps: number }> = {
      kind: 'bench-empty-steps',
      subject: 'students',
      params: v.object({ steps: v.number() }),
      async run(ctx) {
        let next = ctx.checkpoint ?? 0
        while (next < ctx.params.steps) {
          const done = next + 1
          next = await ctx.step(async () => ({ checkpoint: done, done, total: ctx.params.steps }))
        }
        return { steps: next }
      },
    }
    t.app.services.jobs.register(emptySteps)
    await t.app.services.jobs.enqueue(t.database.db, {
      instituteId: demo!.id,
      kind: 'bench-empty-steps',
      key: 'bench',
      params: { steps },
    })
    const started = performance.now()
    await t.app.services.jobs.drain()
    const seconds = (performance.now() - started) / 1000
    return { stepsPerSecond: steps / seconds }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function jobsBench(verdict: (ok: boolean) => string) {
  const { stepsPerSecond } = await measure()
  console.log(
    `Job steps a second (${steps} empty batches, each its own transaction with checkpoint and lease): ` +
      `${stepsPerSecond.toFixed(0)}, budget at least ${budgets.jobStepsPerSecondMin}  ` +
      verdict(stepsPerSecond >= budgets.jobStepsPerSecondMin),
  )
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await jobsBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
