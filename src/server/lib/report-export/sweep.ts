import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import type { FileStorage } from '../storage.ts'
import { exportFileKey } from './names.ts'

/** How long an export's file is kept for its asker to download. */
const exportKeptHours = 24

/** Export kinds are named `<report>-report-export` (names.ts). */
const exportKinds = sql`j.kind like '%-report-export'`

/**
 * What the institute's finished exports leave behind, cleared when another one starts: rows
 * copied by a job that failed or was cancelled before its last batch, and files older than a
 * day (the job's result then says `expired`).
 */
export async function sweepExports(tx: Db, instituteId: string, files: FileStorage) {
  await tx.execute(sql`delete from report_export_rows r
    using jobs j
    where r.institute_id = ${instituteId} and j.institute_id = r.institute_id and j.id = r.job_id
      and ${exportKinds} and j.status not in ('queued', 'running')`)
  const expired = rowsOf<{ id: string }>(
    await tx.execute(sql`update jobs j set result = j.result || '{"expired": true}'::jsonb
      where j.institute_id = ${instituteId} and ${exportKinds} and j.status = 'succeeded'
        and j.finished_at < now() - ${`${exportKeptHours} hours`}::interval
        and not coalesce((j.result ->> 'expired')::boolean, false)
      returning j.id`),
  )
  for (const { id } of expired) await files.delete(exportFileKey(instituteId, id))
}
