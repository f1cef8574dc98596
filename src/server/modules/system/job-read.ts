import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { isErrorCode } from '../../../shared/errors/catalogue.ts'
import type { Job } from '../../../shared/schemas/jobs.ts'
import { id as uuid } from '../../../shared/schemas/primitives.ts'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import type { JobRow } from '../../lib/jobs/runner.ts'
import { englishText } from '../../lib/messages.ts'

/** A job as the API shows it: no parameters, checkpoint or lease. */
export function jobView(row: JobRow): Job {
  const code = row.errorCode
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    result: row.result ?? null,
    error: code
      ? {
          code,
          ...(row.errorValues && { values: row.errorValues }),
          message: row.errorMessage ?? (isErrorCode(code) ? englishText(code) : code),
        }
      : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** The institute's job by id (locked for update when asked); undefined for any other id. */
export async function findJob(db: Db, instituteId: string, jobId: string, lock = false) {
  if (!v.is(uuid, jobId)) return undefined
  const query = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.instituteId, instituteId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}
