import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import * as v from 'valibot'
import type { Services } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import type { JobKind } from '../../lib/jobs/job-kind.ts'
import type { JobRunner } from '../../lib/jobs/runner.ts'
import { msAgo } from '../../lib/today.ts'
import { checkAndSettle, openStatuses } from './intent-settle.ts'

/*
 * Reconciliation: a payer who paid and closed the phone, a notification the gateway never sent.
 * Every few minutes each institute with intents left open past a while gets a job that asks
 * the gateway about each of them and settles it as any notification would; one left open a day
 * expires (settle.ts).
 */

/** An intent open this long is asked about (the notification should have come by then). */
export const reconcileAfterMs = 5 * 60_000
const batch = 20

interface Checkpoint {
  after: string
}

export const reconcileJobKind = (
  services: Services,
): JobKind<object, Checkpoint, { settled: number }> => ({
  kind: 'payments-reconcile',
  subject: 'fintech',
  params: v.object({}),
  async run(ctx) {
    let after = ctx.checkpoint?.after ?? ''
    let settled = 0
    for (;;) {
      // Read and settled outside a step's transaction: each settles in its own, and asking the
      // gateway (a network call) must not hold the database meanwhile.
      const open = await ctx.db
        .select({ reference: paymentIntents.reference })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.instituteId, ctx.instituteId),
            inArray(paymentIntents.status, [...openStatuses]),
            lt(paymentIntents.updatedAt, msAgo(reconcileAfterMs)),
            gt(paymentIntents.reference, after),
          ),
        )
        .orderBy(asc(paymentIntents.reference))
        .limit(batch)
      if (open.length === 0) break
      for (const { reference } of open) {
        const intent = await checkAndSettle(
          { db: ctx.db, services, log: services.log },
          reference,
          'reconciliation',
        )
        if (intent && !openStatuses.includes(intent.status)) settled++
      }
      after = open.at(-1)!.reference
      await ctx.step(async () => ({ checkpoint: { after }, done: settled }))
    }
    return { settled }
  },
})

/**
 * Starts a reconciliation for each institute with intents open too long: one per institute and
 * period (the job's key), however many processes call it.
 */
export async function enqueueReconciliations(db: Db, jobs: JobRunner, now = Date.now()) {
  const institutes = await db
    .selectDistinct({ instituteId: paymentIntents.instituteId })
    .from(paymentIntents)
    .where(
      and(
        inArray(paymentIntents.status, [...openStatuses]),
        lt(paymentIntents.updatedAt, new Date(now - reconcileAfterMs)),
      ),
    )
  for (const { instituteId } of institutes) {
    await jobs.enqueue(db, {
      instituteId,
      kind: 'payments-reconcile',
      key: `reconcile-${Math.floor(now / reconcileAfterMs)}`,
      params: {},
    })
  }
  return institutes.length
}
