import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  GroupInvoiceScopeSchema,
  type GroupInvoicePreview,
  type GroupInvoiceRun,
} from '../../../shared/schemas/fees-invoices.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { groupInvoiceRuns } from '../../db/schema/fees.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey } from '../../lib/idempotency.ts'
import { readJson } from '../../lib/validate.ts'
import { groupInvoiceJob } from './group-invoice-job.ts'
import { previewGroup, resolveScope } from './group-invoice-plan.ts'
import { assertFeeMappings } from './invoice-write.ts'

type RunRow = typeof groupInvoiceRuns.$inferSelect

const present = (run: RunRow, jobStatus: string | null): GroupInvoiceRun => ({
  id: run.id,
  jobId: run.jobId,
  // The job's state is the truth: a run whose job failed shows failed.
  status: (jobStatus ?? run.status) as GroupInvoiceRun['status'],
  invoiceCount: run.invoiceCount,
  skippedCount: run.skippedCount,
  totalMinor: run.totalMinor,
  createdAt: run.createdAt.toISOString(),
})

async function runsWhere(db: Db, instituteId: string, where?: SQL) {
  return db
    .select({ run: groupInvoiceRuns, jobStatus: jobs.status })
    .from(groupInvoiceRuns)
    .leftJoin(jobs, eq(jobs.id, groupInvoiceRuns.jobId))
    .where(and(eq(groupInvoiceRuns.instituteId, instituteId), where))
    .orderBy(desc(groupInvoiceRuns.createdAt))
    .limit(50)
}

/** §2 /group-invoice (permission group-invoice): preview a scope, run it as a job, list runs. */
export const groupInvoiceRoutes = new Hono<AppEnv>()
  .post('/preview', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const scope = await readJson(c, GroupInvoiceScopeSchema)
    const { database, auth } = c.var
    const resolved = await resolveScope(database.db, auth.instituteId, scope)
    return c.json<GroupInvoicePreview>(await previewGroup(database.db, auth.instituteId, resolved))
  })

  .post('/runs', requireAuth(), requirePermission('create', 'group-invoice'), async (c) => {
    const scope = await readJson(c, GroupInvoiceScopeSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth, services } = c.var
    const scopeKey = fingerprintOf({
      ...scope,
      periodIds: [...scope.periodIds].sort(),
      feeHeadIds: [...scope.feeHeadIds].sort(),
    })
    const { run, created } = await database.db.transaction(async (tx) => {
      const [again] = await tx
        .select({ run: groupInvoiceRuns })
        .from(groupInvoiceRuns)
        .innerJoin(jobs, eq(jobs.id, groupInvoiceRuns.jobId))
        .where(
          and(
            eq(groupInvoiceRuns.instituteId, auth.instituteId),
            eq(jobs.kind, groupInvoiceJob.kind),
            eq(jobs.key, key),
          ),
        )
      if (again) {
        if (again.run.scopeKey !== scopeKey)
          throw conflict('idempotency_conflict', { subject: 'voucher' })
        return { run: again.run, created: false }
      }
      await resolveScope(tx, auth.instituteId, scope)
      await assertFeeMappings(tx, auth.instituteId, ['fee_receivable'])
      // One run of a scope at a time: held until commit, so two requests cannot both pass.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`group-invoice:${auth.instituteId}`}))`,
      )
      const [running] = await tx
        .select({ jobId: jobs.id })
        .from(groupInvoiceRuns)
        .innerJoin(jobs, eq(jobs.id, groupInvoiceRuns.jobId))
        .where(
          and(
            eq(groupInvoiceRuns.instituteId, auth.instituteId),
            eq(groupInvoiceRuns.scopeKey, scopeKey),
            inArray(jobs.status, ['queued', 'running', 'cancelling']),
          ),
        )
      if (running) throw conflict('group_invoice_running', { jobId: running.jobId })
      const [row] = await tx
        .insert(groupInvoiceRuns)
        .values({ instituteId: auth.instituteId, scope, scopeKey, createdBy: auth.user.id })
        .returning()
      const { job } = await services.jobs.enqueue(tx, {
        instituteId: auth.instituteId,
        kind: groupInvoiceJob.kind,
        key,
        params: { runId: row!.id },
        createdBy: auth.user.id,
      })
      const [saved] = await tx
        .update(groupInvoiceRuns)
        .set({ jobId: job.id })
        .where(eq(groupInvoiceRuns.id, row!.id))
        .returning()
      await audit(c, tx, {
        area: 'fees',
        action: 'run',
        entity: 'group_invoice_run',
        entityId: row!.id,
        after: { scope, jobId: job.id },
      })
      return { run: saved!, created: true }
    })
    return c.json<GroupInvoiceRun>(present(run, null), created ? 202 : 200)
  })

  .get('/runs', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const rows = await runsWhere(c.var.database.db, c.var.auth.instituteId)
    return c.json({ data: rows.map((r) => present(r.run, r.jobStatus)) })
  })

  .get('/runs/:runId', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const [row] = await runsWhere(
      c.var.database.db,
      c.var.auth.instituteId,
      eq(groupInvoiceRuns.id, c.req.param('runId')),
    )
    if (!row) throw notFound('run_not_found')
    return c.json<GroupInvoiceRun>(present(row.run, row.jobStatus))
  })
