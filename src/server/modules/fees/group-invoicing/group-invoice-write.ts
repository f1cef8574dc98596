import { sql } from 'drizzle-orm'
import type { GroupInvoiceScope } from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { groupInvoiceRuns } from '../../../db/schema/fee-invoices.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { conflict } from '../../../lib/errors.ts'
import { runningOfScope } from './group-invoice-read.ts'

export type RunRow = typeof groupInvoiceRuns.$inferSelect

/** A new run of the scope: 409 while a run of the same scope is still going. */
export async function openRun(
  tx: Db,
  by: { instituteId: string; userId: string },
  scope: GroupInvoiceScope,
  scopeKey: string,
) {
  // One run of a scope at a time: held until commit, so two requests cannot both pass.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`group-invoice:${by.instituteId}`}))`,
  )
  const running = await runningOfScope(tx, by.instituteId, scopeKey)
  // The running job's id names it to the user; the run's lets the screen follow it.
  if (running) {
    throw conflict('group_invoice_running', {
      values: { jobId: running.jobId, runId: running.runId },
    })
  }
  const [row] = await tx
    .insert(groupInvoiceRuns)
    .values({ instituteId: by.instituteId, scope, scopeKey, createdBy: by.userId })
    .returning()
  return row!
}

/** The run with the job that makes its invoices. */
export async function setRunJob(tx: Db, row: RunRow, jobId: string) {
  const [saved] = await tx
    .update(groupInvoiceRuns)
    .set({ jobId })
    .where(rowKey(groupInvoiceRuns, row.instituteId, row.id))
    .returning()
  return saved!
}
