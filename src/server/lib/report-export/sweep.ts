import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import type { FileStorage } from '../storage.ts'
import { exportFileKey } from './names.ts'

/** How long an export's file is kept for its asker to download. */
export const exportKeptHours = 24

/** Export kinds are named `<report>-report-export` (names.ts). */
const exportKinds = sql`j.kind like '%-report-export'`

/** How often a server clears what exports left behind, besides when one starts. */
export const exportSweepEveryMs = 60 * 60_000

/**
 * What finished exports leave behind (the institute's, or every institute's when none is
 * named): rows copied by a job that failed or was cancelled before its last batch, and files
 * older than a day (the job's result then says `expired`). Cleared when an export starts, and
 * by each server at start and hourly (server.ts); the file route refuses a file past its day
 * whether or not it was swept yet.
 */
export async function sweepExports(tx: Db, files: FileStorage, instituteId?: string) {
  const ofInstitute = (column: SQL) => (instituteId ? sql`${column} = ${instituteId}` : sql`true`)
  await tx.execute(sql`delete from report_export_rows r
    using jobs j
    where ${ofInstitute(sql`r.institute_id`)} and j.institute_id = r.institute_id
      and j.id = r.job_id and ${exportKinds} and j.status not in ('queued', 'running')`)
  const expired = rowsOf<{ id: string; institute_id: string }>(
    await tx.execute(sql`update jobs j set result = j.result || '{"expired": true}'::jsonb
      where ${ofInstitute(sql`j.institute_id`)} and ${exportKinds} and j.status = 'succeeded'
        and j.finished_at < now() - ${`${exportKeptHours} hours`}::interval
        and not coalesce((j.result ->> 'expired')::boolean, false)
      returning j.id, j.institute_id`),
  )
  for (const job of expired) await files.delete(exportFileKey(job.institute_id, job.id))
}
