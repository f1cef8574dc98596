import { Hono } from 'hono'
import {
  GroupInvoiceOptionsQuerySchema,
  GroupInvoiceScopeSchema,
  type GroupInvoiceOptions,
  type GroupInvoicePreview,
  type GroupInvoiceRun,
  type GroupInvoiceRunDetail,
  type GroupInvoiceScope,
  GroupInvoiceOptionsSchema,
  GroupInvoicePreviewSchema,
  GroupInvoiceRunDetailSchema,
  GroupInvoiceRunListSchema,
  GroupInvoiceRunSchema,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { AppEnv } from '../../../app-env.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound } from '../../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../../lib/idempotency.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { groupInvoiceJob } from './group-invoice-job.ts'
import { previewGroup, resolveScope } from './group-invoice-plan.ts'
import { assertFeeMappings } from '../invoices/invoice-write.ts'
import {
  groupInvoiceOptions,
  invoicesOf,
  runOf,
  runOfKey,
  runsWhere,
} from './group-invoice-read.ts'
import { openRun, setRunJob, type RunRow } from './group-invoice-write.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

const present = (run: RunRow, jobStatus: string | null): GroupInvoiceRun => ({
  id: run.id,
  jobId: run.jobId,
  // The job's state is the truth: a run whose job failed shows failed.
  status: (jobStatus ?? run.status) as GroupInvoiceRun['status'],
  scope: run.scope as GroupInvoiceScope,
  invoiceCount: run.invoiceCount,
  skippedCount: run.skippedCount,
  totalMinor: run.totalMinor,
  createdAt: run.createdAt.toISOString(),
})

/** §2 /group-invoice (permission group-invoice): preview a scope, run it as a job, list runs. */
export const groupInvoiceRoutes = new Hono<AppEnv>()
  /** A session's sections, and (with `q`) its students found by name or student ID. */
  .get(
    '/options',
    documented({ answers: GroupInvoiceOptionsSchema, query: GroupInvoiceOptionsQuerySchema }),
  )
  .get('/options', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const query = readQuery(c, GroupInvoiceOptionsQuerySchema)
    return c.json<GroupInvoiceOptions>(
      await groupInvoiceOptions(c.var.database.db, c.var.auth.instituteId, query),
    )
  })

  .post(
    '/preview',
    documented({ body: GroupInvoiceScopeSchema, answers: GroupInvoicePreviewSchema }),
  )

  .post('/preview', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const scope = await readJson(c, GroupInvoiceScopeSchema)
    const { database, auth } = c.var
    const resolved = await resolveScope(database.db, auth.instituteId, scope)
    return c.json<GroupInvoicePreview>(await previewGroup(database.db, auth.instituteId, resolved))
  })

  .post(
    '/runs',
    documented({
      answers: GroupInvoiceRunSchema,
      body: GroupInvoiceScopeSchema,
      idempotencyKey: 'required',
      status: [202, 200],
    }),
  )

  .post('/runs', requireAuth(), requirePermission('create', 'group-invoice'), async (c) => {
    const scope = await readJson(c, GroupInvoiceScopeSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth, services } = c.var
    const scopeKey = fingerprintOf({
      ...scope,
      periodIds: [...scope.periodIds].sort(),
      feeHeadIds: [...scope.feeHeadIds].sort(),
    })
    const { answer: run, replayed } = await withIdempotency(
      {
        key,
        fingerprint: scopeKey,
        find: (key) => runOfKey(database.db, auth.instituteId, key),
        subject: 'group_invoice_run',
      },
      () =>
        database.db.transaction(async (tx) => {
          await resolveScope(tx, auth.instituteId, scope)
          await assertFeeMappings(tx, auth.instituteId, ['fee_receivable'])
          const row = await openRun(
            tx,
            { instituteId: auth.instituteId, userId: auth.user.id },
            scope,
            scopeKey,
          )
          const { job } = await services.jobs.enqueue(tx, {
            instituteId: auth.instituteId,
            kind: groupInvoiceJob.kind,
            key,
            params: { runId: row.id },
            createdBy: auth.user.id,
          })
          const saved = await setRunJob(tx, row, job.id)
          await audit(c, tx, {
            area: 'fees',
            action: 'run',
            entity: 'group_invoice_run',
            entityId: row.id,
            after: { scope, jobId: job.id },
          })
          return saved
        }),
    )
    return c.json<GroupInvoiceRun>(present(run, null), replayed ? 200 : 202)
  })

  .get('/runs', documented({ answers: GroupInvoiceRunListSchema }))

  .get('/runs', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const rows = await runsWhere(c.var.database.db, c.var.auth.instituteId)
    return c.json({ data: rows.map((r) => present(r.run, r.jobStatus)) })
  })

  .get('/runs/:runId', documented({ answers: GroupInvoiceRunDetailSchema }))

  .get('/runs/:runId', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const row = await runOf(
      c.var.database.db,
      c.var.auth.instituteId,
      pathId(c.req.param('runId'), 'run_not_found'),
    )
    if (!row) throw notFound('run_not_found')
    const made = await invoicesOf(c.var.database.db, c.var.auth.instituteId, row.run.id)
    return c.json<GroupInvoiceRunDetail>({ ...present(row.run, row.jobStatus), invoices: made })
  })
