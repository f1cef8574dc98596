import { and, eq, gt, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { studentImports } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/*
 * Uploaded student lists, kept with their preview until confirmed (`student_imports`).
 *
 * An upload is kept a day: its preview is looked at and confirmed the same day, and a file is
 * quickly uploaded again. Each holds up to 20,000 rows (and what people typed into them), so
 * older ones go (when the institute next uploads), unless their job is still to run.
 */
const keptForHours = 24
const keptSince = sql`now() - make_interval(hours => ${keptForHours})`

type ImportRecord = typeof studentImports.$inferSelect

/**
 * Removes the institute's uploads older than a day whose job is not still to run. One being
 * confirmed meanwhile is locked (importOf) and skipped, so a job never loses its rows.
 */
export async function forgetOldImports(tx: Db, instituteId: string) {
  const stillToRun = tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        rowKey(jobs, studentImports.instituteId, studentImports.jobId),
        inArray(jobs.status, ['queued', 'running', 'cancelling']),
      ),
    )
  const old = tx
    .select({ id: studentImports.id })
    .from(studentImports)
    .where(
      and(
        eq(studentImports.instituteId, instituteId),
        lt(studentImports.createdAt, keptSince),
        notExists(stillToRun),
      ),
    )
    .for('update', { skipLocked: true })
  await tx.delete(studentImports).where(inArray(studentImports.id, old))
}

/**
 * The institute's upload, locked for confirming when asked; undefined for one kept past its day
 * that no job took (it is gone for the user even before the next upload removes it).
 */
export async function importOf(
  tx: Db,
  instituteId: string,
  id: string,
  lock = false,
): Promise<ImportRecord | undefined> {
  const query = tx
    .select()
    .from(studentImports)
    .where(
      and(
        eq(studentImports.instituteId, instituteId),
        eq(studentImports.id, id),
        or(isNotNull(studentImports.jobId), gt(studentImports.createdAt, keptSince)),
      ),
    )
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Keeps an upload with its rows and preview. */
export async function saveImport(tx: Db, upload: typeof studentImports.$inferInsert) {
  const [row] = await tx.insert(studentImports).values(upload).returning()
  return row!
}

/** The job that an earlier confirmation of the upload started, if any. */
export async function jobOfImport(tx: Db, row: ImportRecord) {
  if (!row.jobId) return undefined
  const [job] = await tx
    .select()
    .from(jobs)
    .where(rowKey(jobs, row.instituteId, row.jobId))
  return job
}

/** Names the job that writes the upload. */
export async function setImportJob(tx: Db, row: ImportRecord, jobId: string) {
  const [saved] = await tx
    .update(studentImports)
    .set({ jobId })
    .where(rowKey(studentImports, row.instituteId, row.id))
    .returning()
  return saved!
}
