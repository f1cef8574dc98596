import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { id } from '../../../../shared/schemas/primitives.ts'
import type { GroupInvoiceScope } from '../../../../shared/schemas/fees-invoices.ts'
import { groupInvoiceRuns } from '../../../db/schema/fee-invoices.ts'
import { ApiException } from '../../../lib/errors.ts'
import { JobError, type JobKind } from '../../../lib/jobs/job-kind.ts'
import { planSlice, resolveScope, scopeStudents, type ResolvedScope } from './group-invoice-plan.ts'
import type { BilledStudent } from '../invoices/invoice-plan.ts'
import { writeInvoices } from '../invoices/invoice-write.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

interface GroupInvoiceResult {
  invoiceCount: number
  skippedCount: number
  totalMinor: number
}

interface Checkpoint extends GroupInvoiceResult {
  next: number
}

/**
 * A group run: the scope's students `batch` at a time, each batch planned against
 * what is invoiced already and written in the step's transaction. A retry, a resumption or a
 * later run of the same scope only fills the gaps (planSlice leaves out invoiced slots; the
 * unique index on the lines is the backstop). The run row keeps the counts, batch by batch.
 */
export const groupInvoiceJobKind = (
  /**
   * Students per batch: one transaction, one voucher per issue date. 2,000 took 8 s for 10,000
   * students × 5 heads on PGlite where 1,000 took 10 s (bench/group-invoice.ts); the invoice
   * counter stays locked for a batch (about 1.5 s), so a single invoice made meanwhile waits.
   */
  batch = 2000,
): JobKind<{ runId: string }, Checkpoint, GroupInvoiceResult> => ({
  kind: 'group-invoice',
  subject: 'group-invoice',
  params: v.object({ runId: id }),
  async run(ctx) {
    let at: Checkpoint = ctx.checkpoint ?? {
      next: 0,
      invoiceCount: 0,
      skippedCount: 0,
      totalMinor: 0,
    }
    let resolved: ResolvedScope | undefined
    let all: BilledStudent[] | undefined
    for (;;) {
      const last = at
      const from = at.next
      let finished = false
      at = await ctx.step(async (tx) => {
        const [run] = await tx
          .select()
          .from(groupInvoiceRuns)
          .where(eq(groupInvoiceRuns.id, ctx.params.runId))
        if (!run) throw new JobError('run_not_found')
        // Resolved once a run of the handler: the students in scope do not change under it.
        resolved ??= await resolveScope(tx, ctx.instituteId, run.scope as GroupInvoiceScope)
        all ??= await scopeStudents(tx, ctx.instituteId, resolved)
        const slice = all.slice(from, from + batch)
        const { planned, skipped } = await planSlice(tx, ctx.instituteId, resolved, slice)
        try {
          await writeInvoices(tx, ctx.instituteId, planned, {
            academicSessionId: resolved.scope.academicSessionId,
            createdBy: ctx.createdBy,
            voucher: 'batch',
            groupInvoiceRunId: run.id,
            narration: `Group invoice run ${run.id.slice(0, 8)}`,
          })
        } catch (err) {
          // A missing mapping or a closed period: no retry mends it.
          if (err instanceof ApiException && err.status !== 500) {
            throw new JobError(err.code, err.values as Record<string, string>)
          }
          throw err
        }
        const next = from + slice.length
        finished = next >= all.length
        const total = planned.reduce((s, p) => s + p.lines.reduce((t, l) => t + l.net, 0), 0)
        await tx
          .update(groupInvoiceRuns)
          .set({
            status: finished ? 'succeeded' : 'running',
            invoiceCount: sql`${groupInvoiceRuns.invoiceCount} + ${planned.length}`,
            skippedCount: sql`${groupInvoiceRuns.skippedCount} + ${skipped.length}`,
            totalMinor: sql`${groupInvoiceRuns.totalMinor} + ${total}`,
            updatedAt: new Date(),
            ...(finished && { finishedAt: new Date() }),
          })
          .where(rowKey(groupInvoiceRuns, run.instituteId, run.id))
        return {
          checkpoint: {
            next,
            invoiceCount: last.invoiceCount + planned.length,
            skippedCount: last.skippedCount + skipped.length,
            totalMinor: last.totalMinor + total,
          },
          done: next,
          total: all.length,
        }
      })
      if (finished) {
        const { invoiceCount, skippedCount, totalMinor } = at
        return { invoiceCount, skippedCount, totalMinor }
      }
    }
  },
})

export const groupInvoiceJob = groupInvoiceJobKind()
