import { and, eq, gt, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { ImportCounts, ImportPreview, ImportRow } from '../../../shared/schemas/students.ts'
import { ImportUploadQuerySchema } from '../../../shared/schemas/student-search.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { studentImports } from '../../db/schema/students.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { idempotencyKey } from '../../lib/idempotency.ts'
import { parseOrThrow } from '../../lib/validate.ts'
import { columnsOf } from './import-columns.ts'
import { uploadedSheet } from './import-file.ts'
import { studentImportJob, type ImportJobParams } from './import-job.ts'
import { planRows } from './import-plan.ts'
import { checkRows, loadStructure, refuseDuplicates, type ImportedRow } from './import-rows.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/** Rows of the rest a preview shows besides every invalid one, to see how the file was read. */
const sampleRows = 20
/** Invalid rows a preview shows at most (the counts say how many there are). */
const shownInvalid = 1000
/**
 * How long an upload is kept: its preview is looked at and confirmed the same day, and a file
 * is quickly uploaded again. Each holds up to 20,000 rows (and what people typed into them), so
 * older ones go (when the institute next uploads), unless their job is still to run.
 */
const keptForHours = 24
const keptSince = sql`now() - make_interval(hours => ${keptForHours})`

/**
 * The institute's uploads older than `keptForHours` whose job is not still to run. One being
 * confirmed meanwhile is locked (importOf) and skipped, so a job never loses its rows.
 */
async function forgetOldImports(tx: Db, instituteId: string) {
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

type ImportRecord = typeof studentImports.$inferSelect

const present = (row: ImportRecord): ImportPreview => ({
  ...(row.preview as Pick<ImportPreview, 'counts' | 'rows'>),
  id: row.id,
  fileName: row.fileName,
  columns: row.columns as ImportPreview['columns'],
  jobId: row.jobId,
  createdAt: row.createdAt.toISOString(),
})

/**
 * The caller's institute's upload, locked for confirming when asked; 404 for anyone else's, and
 * for one kept past its day that no job took (it is gone for the user even before the next
 * upload removes it).
 */
async function importOf(c: Context<AppEnv>, tx: Db, lock = false) {
  const id = c.req.param('importId') ?? ''
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw notFound('import_not_found')
  }
  const query = tx
    .select()
    .from(studentImports)
    .where(
      and(
        eq(studentImports.instituteId, c.var.auth.instituteId),
        eq(studentImports.id, id),
        or(isNotNull(studentImports.jobId), gt(studentImports.createdAt, keptSince)),
      ),
    )
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('import_not_found')
  return row
}

/**
 * /students/imports: a student list uploaded (CSV or XLSX) is checked and kept with its
 * preview; nothing is written to the students until it is confirmed, which starts the job
 * that writes it. A file with any invalid row is not confirmed: it is corrected and uploaded
 * again.
 */
export const studentImportRoutes = new Hono<AppEnv>()
  .post('/', requireAuth(), requirePermission('create', 'students'), async (c) => {
    const { database, auth } = c.var
    const { dateOrder } = parseOrThrow(ImportUploadQuerySchema, c.req.query())
    const { sheet, ...file } = await uploadedSheet(c)
    const columns = columnsOf(sheet.headers)
    const saved = await database.db.transaction(async (tx) => {
      await forgetOldImports(tx, auth.instituteId)
      const checked = checkRows(
        sheet,
        columns,
        await loadStructure(tx, auth.instituteId),
        dateOrder,
      )
      refuseDuplicates(checked)
      const valid = checked.filter((r) => r.row)
      const plans = await planRows(
        tx,
        auth.instituteId,
        valid.map((r) => r.row!),
      )
      const outcome = new Map<number, ImportRow['outcome']>()
      valid.forEach((r, i) => {
        const plan = plans[i]!
        if (plan.error) {
          ;(r.errors[plan.error.column] ??= []).push(plan.error.detail)
          delete r.row
        } else outcome.set(r.line, plan.outcome)
      })
      const rows: ImportRow[] = checked.map((r) => ({
        line: r.line,
        values: r.values,
        errors: r.errors,
        outcome: outcome.get(r.line) ?? 'invalid',
      }))
      const counts: ImportCounts = {
        total: rows.length,
        new: 0,
        updated: 0,
        unchanged: 0,
        invalid: 0,
      }
      for (const r of rows) counts[r.outcome]++
      const invalid = rows.filter((r) => r.outcome === 'invalid').slice(0, shownInvalid)
      const sample = rows.filter((r) => r.outcome !== 'invalid').slice(0, sampleRows)
      // The rows to correct first, then the first of the rest, each in the file's order.
      const shown = [...invalid, ...sample]
      const [row] = await tx
        .insert(studentImports)
        .values({
          instituteId: auth.instituteId,
          createdBy: auth.user.id,
          fileName: file.name,
          fileSha256: file.sha256,
          columns: columns.filter((col) => col !== null),
          rows: checked.flatMap((r) => (r.row ? [r.row] : [])) satisfies ImportedRow[],
          preview: { counts, rows: shown },
        })
        .returning()
      await audit(c, tx, {
        area: 'institutes',
        action: 'upload',
        entity: 'student_import',
        entityId: row!.id,
        after: { fileName: file.name, counts },
      })
      return row!
    })
    return c.json<ImportPreview>(present(saved), 201)
  })

  .get('/:importId', requireAuth(), requirePermission('read', 'students'), async (c) =>
    c.json<ImportPreview>(present(await importOf(c, c.var.database.db))),
  )

  .post('/:importId/confirm', requireAuth(), requirePermission('create', 'students'), async (c) => {
    const { database, auth, services } = c.var
    const confirmed = await database.db.transaction(async (tx) => {
      const row = await importOf(c, tx, true)
      const [earlier] = row.jobId
        ? await tx
            .select()
            .from(jobs)
            .where(rowKey(jobs, row.instituteId, row.jobId))
        : []
      // Confirmed before (a double click, a retry): the job it started, unless that job failed
      // or was cancelled: then a new one goes on from where it stopped.
      if (earlier && earlier.status !== 'failed' && earlier.status !== 'cancelled') return row
      const key = idempotencyKey(c, { required: true })
      const { counts } = row.preview as { counts: ImportCounts }
      if (counts.invalid > 0) throw conflict('import_has_errors', { count: counts.invalid })
      const resume = earlier?.checkpoint as ImportJobParams['resume'] | null | undefined
      const { job } = await services.jobs.enqueue(tx, {
        instituteId: auth.instituteId,
        kind: studentImportJob.kind,
        key,
        params: { importId: row.id, ...(resume && { resume }) },
        createdBy: auth.user.id,
      })
      const [saved] = await tx
        .update(studentImports)
        .set({ jobId: job.id })
        .where(rowKey(studentImports, row.instituteId, row.id))
        .returning()
      await audit(c, tx, {
        area: 'institutes',
        action: 'import',
        entity: 'student_import',
        entityId: row.id,
        after: { fileName: row.fileName, counts, jobId: job.id, resumes: earlier?.id },
      })
      return saved!
    })
    return c.json<ImportPreview>(present(confirmed), 202)
  })
