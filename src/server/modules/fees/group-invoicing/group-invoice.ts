import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
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
import type { Db } from '../../../db/client.ts'
import { classes, sections } from '../../../db/schema/academic.ts'
import { groupInvoiceRuns, invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { jobs } from '../../../db/schema/jobs.ts'
import { students } from '../../../db/schema/students.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { conflict, notFound } from '../../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../../lib/idempotency.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { groupInvoiceJob } from './group-invoice-job.ts'
import { previewGroup, resolveScope } from './group-invoice-plan.ts'
import { assertFeeMappings } from '../invoices/invoice-write.ts'
import { enrolled } from '../../students/enrolment-read.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

type RunRow = typeof groupInvoiceRuns.$inferSelect

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

async function runsWhere(db: Db, instituteId: string, where?: SQL) {
  return db
    .select({ run: groupInvoiceRuns, jobStatus: jobs.status })
    .from(groupInvoiceRuns)
    .leftJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
    .where(and(eq(groupInvoiceRuns.instituteId, instituteId), where))
    .orderBy(desc(groupInvoiceRuns.createdAt))
    .limit(50)
}

/** The run an Idempotency-Key started, with the scope it was asked for. */
async function runOfKey(db: Db, instituteId: string, key: string) {
  const [row] = await db
    .select({ run: groupInvoiceRuns })
    .from(groupInvoiceRuns)
    .innerJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
    .where(
      and(
        eq(groupInvoiceRuns.instituteId, instituteId),
        eq(jobs.kind, groupInvoiceJob.kind),
        eq(jobs.key, key),
      ),
    )
  return row && { fingerprint: row.run.scopeKey, answer: row.run }
}

/** The invoices a run made, each with its total (the first few hundred, by number). */
async function invoicesOf(db: Db, instituteId: string, runId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      studentName: students.fullName,
      studentCode: students.studentCode,
      totalMinor: sql<number>`coalesce(sum(${invoiceLines.netMinor}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(students, rowKey(students, invoices.instituteId, invoices.studentId))
    .leftJoin(
      invoiceLines,
      and(
        eq(invoiceLines.instituteId, invoices.instituteId),
        eq(invoiceLines.invoiceId, invoices.id),
      ),
    )
    .where(
      and(
        eq(invoices.instituteId, instituteId),
        eq(invoices.groupInvoiceRunId, runId),
        isNull(invoices.creditOf),
      ),
    )
    .groupBy(invoices.instituteId, invoices.id, students.instituteId, students.id)
    .orderBy(asc(invoices.number))
    .limit(300)
}

/** §2 /group-invoice (permission group-invoice): preview a scope, run it as a job, list runs. */
export const groupInvoiceRoutes = new Hono<AppEnv>()
  /** A session's sections, and (with `q`) its students found by name or student ID. */
  .get(
    '/options',
    documented({ answers: GroupInvoiceOptionsSchema, query: GroupInvoiceOptionsQuerySchema }),
  )
  .get('/options', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const query = readQuery(c, GroupInvoiceOptionsQuerySchema)
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    const inSession = enrolled(db, { instituteId, academicSessionId: query.academicSessionId })
    const [sectionRows, found] = await Promise.all([
      db
        .select({ id: sections.id, classId: sections.classId, name: sections.name })
        .from(sections)
        .where(
          and(
            eq(sections.instituteId, instituteId),
            eq(sections.academicSessionId, query.academicSessionId),
          ),
        )
        .orderBy(asc(sections.position)),
      query.q.length >= 2
        ? db
            .select({
              id: inSession.studentId,
              fullName: inSession.fullName,
              studentCode: inSession.studentCode,
              className: classes.name,
            })
            .from(inSession)
            .innerJoin(classes, rowKey(classes, inSession.instituteId, inSession.classId))
            .where(
              sql`(${inSession.fullName} ilike ${like} or ${inSession.studentCode} ilike ${like})`,
            )
            .orderBy(asc(inSession.fullName))
            .limit(20)
        : [],
    ])
    return c.json<GroupInvoiceOptions>({ sections: sectionRows, students: found })
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
          // One run of a scope at a time: held until commit, so two requests cannot both pass.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`group-invoice:${auth.instituteId}`}))`,
          )
          const [running] = await tx
            .select({ jobId: jobs.id, runId: groupInvoiceRuns.id })
            .from(groupInvoiceRuns)
            .innerJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
            .where(
              and(
                eq(groupInvoiceRuns.instituteId, auth.instituteId),
                eq(groupInvoiceRuns.scopeKey, scopeKey),
                inArray(jobs.status, ['queued', 'running', 'cancelling']),
              ),
            )
          // The running job's id names it to the user; the run's lets the screen follow it.
          if (running) {
            throw conflict('group_invoice_running', {
              values: { jobId: running.jobId, runId: running.runId },
            })
          }
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
            .where(rowKey(groupInvoiceRuns, row!.instituteId, row!.id))
            .returning()
          await audit(c, tx, {
            area: 'fees',
            action: 'run',
            entity: 'group_invoice_run',
            entityId: row!.id,
            after: { scope, jobId: job.id },
          })
          return saved!
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
    const [row] = await runsWhere(
      c.var.database.db,
      c.var.auth.instituteId,
      eq(groupInvoiceRuns.id, pathId(c.req.param('runId'), 'run_not_found')),
    )
    if (!row) throw notFound('run_not_found')
    const made = await invoicesOf(c.var.database.db, c.var.auth.instituteId, row.run.id)
    return c.json<GroupInvoiceRunDetail>({ ...present(row.run, row.jobStatus), invoices: made })
  })
