import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { id } from '../../../shared/schemas/primitives.ts'
import {
  ReportExportRequestSchema,
  ReportExportResultSchema,
  ReportExportStartedSchema,
  type ExportedReport,
  type ReportExportStarted,
} from '../../../shared/schemas/report-exports.ts'
import type { AppEnv } from '../../app-env.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { authorize, requireAuth, requireRecordPermission } from '../../lib/auth.ts'
import { ApiException, conflict, notFound } from '../../lib/errors.ts'
import { fileMedia } from '../../lib/file-media.ts'
import { idempotencyKey } from '../../lib/idempotency.ts'
import { localeOf } from '../../lib/messages.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { exportFileKey, exportKindOf } from '../../lib/report-export/names.ts'
import { askerFor, type AnyReportExportSource } from '../../lib/report-export/source.ts'
import { exportKeptHours } from '../../lib/report-export/sweep.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { ledgerExport } from '../accounting/ledger-export.ts'
import { dueExport } from './due-export.ts'
import { headLedgerLinesExport } from './head-ledger-lines-export.ts'
import { paidExport } from './paid-export.ts'

/** The reports a job exports, by the name the client gives. */
export const exportSources: Record<ExportedReport, AnyReportExportSource> = {
  due: dueExport,
  paid: paidExport,
  ledger: ledgerExport,
  'head-ledger-lines': headLedgerLinesExport,
}

/**
 * `/api/reports/exports`: a report's file made by a job (README "Reports"), for exports too
 * large to download at once. Each under the report's own read permission; the file is its
 * asker's alone.
 */
export const reportExportRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      body: ReportExportRequestSchema,
      answers: ReportExportStartedSchema,
      idempotencyKey: 'required',
      status: [202, 200],
    }),
  )
  .post('/', requireAuth(), requireRecordPermission('read'), async (c) => {
    const key = idempotencyKey(c, { required: true })
    const request = await readJson(c, ReportExportRequestSchema)
    const { auth, database, services } = c.var
    const source = exportSources[request.report]
    authorize(auth, 'read', source.subject)
    // Refused now, as the report's own file would be: a bad filter, a campus not the asker's.
    const query = parseOrThrow(source.query, request.query)
    const asker = await askerFor(c)
    await source.options(database.db, query, asker)
    const locale = localeOf([request.query.lang, c.req.header('Accept-Language')].join(','))
    const { job, created } = await database.db.transaction((tx) =>
      services.jobs.enqueue(tx, {
        instituteId: auth.instituteId,
        kind: exportKindOf(request.report),
        key,
        params: { format: request.format, locale, query: request.query, asker },
        createdBy: auth.user.id,
      }),
    )
    return c.json<ReportExportStarted>({ jobId: job.id }, created ? 202 : 200)
  })
  .get('/:jobId/file', documented({ media: [fileMedia.csv, fileMedia.xlsx] }))
  .get('/:jobId/file', requireAuth(), requireRecordPermission('read'), async (c) => {
    const { auth, database, services } = c.var
    const jobId = c.req.param('jobId')
    const [job] = v.is(id, jobId)
      ? await database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.instituteId, auth.instituteId), eq(jobs.id, jobId)))
      : []
    const source = Object.values(exportSources).find((s) => exportKindOf(s.report) === job?.kind)
    // Another institute's export, or another user's (its rows are what its asker may see): none.
    if (!job || !source || job.createdBy !== auth.user.id) throw notFound('job_not_found')
    authorize(auth, 'read', source.subject)
    if (job.status !== 'succeeded') throw conflict('export_not_ready')
    const result = v.parse(
      v.object({ ...ReportExportResultSchema.entries, expired: v.optional(v.boolean()) }),
      job.result,
    )
    const pastItsDay =
      !job.finishedAt || Date.now() - job.finishedAt.getTime() > exportKeptHours * 3_600_000
    const file =
      result.expired || pastItsDay
        ? undefined
        : await services.files.read(exportFileKey(auth.instituteId, job.id))
    if (!file) throw new ApiException(410, 'export_expired')
    return c.body(file, 200, {
      'Content-Type': result.fileName.endsWith('.xlsx')
        ? fileMedia.xlsx
        : `${fileMedia.csv}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${result.fileName}"`,
    })
  })
