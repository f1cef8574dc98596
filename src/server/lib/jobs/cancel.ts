import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { conflict } from '../errors.ts'
import type { JobRow } from './runner.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/**
 * Asks a job to stop, on its row locked in `tx`: a queued job is cancelled at once, a running
 * one is marked 'cancelling' and its runner stops it before its next batch. Asking again is
 * harmless; a finished job is a 409 `job_finished`.
 */
export async function cancelJob(tx: Db, job: JobRow): Promise<JobRow> {
  if (job.status === 'cancelling') return job
  if (job.status !== 'queued' && job.status !== 'running') throw conflict('job_finished')
  const [after] = await tx
    .update(jobs)
    .set(
      job.status === 'queued'
        ? { status: 'cancelled', finishedAt: new Date(), lockedBy: null, lockedUntil: null }
        : { status: 'cancelling' },
    )
    .where(rowKey(jobs, job.instituteId, job.id))
    .returning()
  return after!
}
