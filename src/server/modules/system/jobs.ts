import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  permissionAreaNames,
  permissionAreas,
  type Permission,
} from '../../../shared/permissions/catalogue.ts'
import type { Action } from '../../../shared/permissions/rules.ts'
import {
  JobQuerySchema,
  type Job,
  type JobList,
  JobListSchema,
  JobSchema,
} from '../../../shared/schemas/jobs.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { audit } from '../../lib/audit.ts'
import { authorize, requireAuth, requireRecordPermission } from '../../lib/auth.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { cancelJob } from '../../lib/jobs/cancel.ts'
import { readQuery } from '../../lib/validate.ts'
import { findJob, jobView } from './job-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * The institute's job, if the caller's role may `action` its kind's subject: another
 * institute's job (or one of a kind this server does not run, or another user's of a kind
 * whose jobs are their starters' own) is a 404, a job the role may not see a 403. A starter
 * cancels their own under `read`, the permission they started it under.
 */
async function jobFor(c: Context<AppEnv>, db: Db, action: Action, lock = false) {
  const { auth, services } = c.var
  const row = await findJob(db, auth.instituteId, c.req.param('jobId') ?? '', lock)
  const kind = row && services.jobs.kind(row.kind)
  if (!row || !kind) throw notFound('job_not_found')
  if (kind.startersOwn && row.createdBy !== auth.user.id) throw notFound('job_not_found')
  authorize(auth, kind.startersOwn ? 'read' : action, kind.subject)
  return row
}

/** A job's audit rows go to the area of its kind's subject. */
const areaOf = (subject: Permission) =>
  permissionAreaNames.find((a) => (permissionAreas[a] as readonly string[]).includes(subject))!

/**
 * Background jobs (src/server/lib/jobs/): their progress and result, and cancelling them. Each
 * kind names the permission subject of its jobs: read to see them, create (the right to start
 * one) to cancel them; a kind started under read (exports) is its starters' own.
 */
export const jobRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: JobListSchema, query: JobQuerySchema }))
  .get('/', requireAuth(), requireRecordPermission('read'), async (c) => {
    const query = readQuery(c, JobQuerySchema)
    const { database, auth, services } = c.var
    let kinds = services.jobs.registeredKinds().filter((k) => auth.ability.can('read', k.subject))
    if (query.kind) {
      const kind = services.jobs.kind(query.kind)
      if (!kind) throw validationFailed({ kind: 'unknown_job_kind' })
      authorize(auth, 'read', kind.subject)
      kinds = [kind]
    }
    const page = { page: query.page, perPage: query.perPage }
    if (!kinds.length) return c.json<JobList>({ data: [], total: 0, ...page })
    const shared = kinds.filter((k) => !k.startersOwn).map((k) => k.kind)
    const own = kinds.filter((k) => k.startersOwn).map((k) => k.kind)
    const visible = or(
      shared.length ? inArray(jobs.kind, shared) : undefined,
      own.length ? and(inArray(jobs.kind, own), eq(jobs.createdBy, auth.user.id)) : undefined,
    )!
    const conditions: SQL[] = [eq(jobs.instituteId, auth.instituteId), visible]
    if (query.status) conditions.push(eq(jobs.status, query.status))
    const where = and(...conditions)
    const rows = await database.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(query.sortDesc === false && query.sortBy ? jobs.createdAt : desc(jobs.createdAt))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
    const [count] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where)
    return c.json<JobList>({ data: rows.map(jobView), total: count?.total ?? 0, ...page })
  })
  .get('/:jobId', documented({ answers: JobSchema }))
  .get('/:jobId', requireAuth(), requireRecordPermission('read'), async (c) =>
    c.json<Job>(jobView(await jobFor(c, c.var.database.db, 'read'))),
  )
  .post('/:jobId/cancel', documented({ answers: JobSchema }))
  .post('/:jobId/cancel', requireAuth(), requireRecordPermission('create'), async (c) => {
    const after = await c.var.database.db.transaction(async (tx) => {
      const before = await jobFor(c, tx, 'create', true)
      const after = await cancelJob(tx, before)
      if (after.status !== before.status) {
        const kind = c.var.services.jobs.kind(before.kind)!
        await audit(c, tx, {
          area: areaOf(kind.subject),
          action: 'cancel',
          entity: 'job',
          entityId: before.id,
          before: { kind: before.kind, status: before.status },
          after: { kind: after.kind, status: after.status },
        })
      }
      return after
    })
    return c.json<Job>(jobView(after))
  })
