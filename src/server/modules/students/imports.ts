import { Hono, type Context } from 'hono'
import type { ImportCounts, ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { ImportUploadQuerySchema } from '../../../shared/schemas/student-search.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { idempotencyKey } from '../../lib/idempotency.ts'
import { readQuery } from '../../lib/validate.ts'
import { columnsOf } from './import-columns.ts'
import { uploadedSheet } from './import-file.ts'
import { studentImportJob, type ImportJobParams } from './import-job.ts'
import { presentImport, previewSheet } from './import-preview.ts'
import {
  forgetOldImports,
  importOf,
  jobOfImport,
  saveImport,
  setImportJob,
} from './import-store.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { ImportPreviewSchema } from '../../../shared/schemas/student-imports.ts'

/** The upload the path names, the caller's institute's (locked for confirming when asked); 404 otherwise. */
async function pathImport(c: Context<AppEnv>, tx: Db, lock = false) {
  const id = pathId(c.req.param('importId'), 'import_not_found')
  const row = await importOf(tx, c.var.auth.instituteId, id, lock)
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
  .post(
    '/',
    documented({
      answers: ImportPreviewSchema,
      query: ImportUploadQuerySchema,
      status: 201,
      upload: 'application/octet-stream',
    }),
  )
  .post('/', requireAuth(), requirePermission('create', 'students'), async (c) => {
    const { database, auth } = c.var
    const { dateOrder } = readQuery(c, ImportUploadQuerySchema)
    const { sheet, ...file } = await uploadedSheet(c)
    const columns = columnsOf(sheet.headers)
    const saved = await database.db.transaction(async (tx) => {
      await forgetOldImports(tx, auth.instituteId)
      const { rows, preview } = await previewSheet(tx, auth.instituteId, sheet, columns, dateOrder)
      const row = await saveImport(tx, {
        instituteId: auth.instituteId,
        createdBy: auth.user.id,
        fileName: file.name,
        fileSha256: file.sha256,
        columns: columns.filter((col) => col !== null),
        rows,
        preview,
      })
      await audit(c, tx, {
        area: 'institutes',
        action: 'upload',
        entity: 'student_import',
        entityId: row.id,
        after: { fileName: file.name, counts: preview.counts },
      })
      return row
    })
    return c.json<ImportPreview>(presentImport(saved), 201)
  })

  .get('/:importId', documented({ answers: ImportPreviewSchema }))

  .get('/:importId', requireAuth(), requirePermission('read', 'students'), async (c) =>
    c.json<ImportPreview>(presentImport(await pathImport(c, c.var.database.db))),
  )

  .post(
    '/:importId/confirm',
    documented({ answers: ImportPreviewSchema, idempotencyKey: 'required', status: 202 }),
  )

  .post('/:importId/confirm', requireAuth(), requirePermission('create', 'students'), async (c) => {
    const { database, auth, services } = c.var
    const confirmed = await database.db.transaction(async (tx) => {
      const row = await pathImport(c, tx, true)
      const earlier = await jobOfImport(tx, row)
      // Confirmed before (a double click, a retry): the job it started, unless that job failed
      // or was cancelled: then a new one goes on from where it stopped.
      if (earlier && earlier.status !== 'failed' && earlier.status !== 'cancelled') return row
      const key = idempotencyKey(c, { required: true })
      const { counts } = row.preview as { counts: ImportCounts }
      if (counts.invalid > 0)
        throw conflict('import_has_errors', { values: { count: counts.invalid } })
      const resume = earlier?.checkpoint as ImportJobParams['resume'] | null | undefined
      const { job } = await services.jobs.enqueue(tx, {
        instituteId: auth.instituteId,
        kind: studentImportJob.kind,
        key,
        params: { importId: row.id, ...(resume && { resume }) },
        createdBy: auth.user.id,
      })
      const saved = await setImportJob(tx, row, job.id)
      await audit(c, tx, {
        area: 'institutes',
        action: 'import',
        entity: 'student_import',
        entityId: row.id,
        after: { fileName: row.fileName, counts, jobId: job.id, resumes: earlier?.id },
      })
      return saved
    })
    return c.json<ImportPreview>(presentImport(confirmed), 202)
  })
