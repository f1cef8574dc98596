import * as v from 'valibot'
import {
  exportedReports,
  ReportExportStartedSchema,
  type ReportExportRequest,
} from '../shared/schemas/report-exports.ts'
import { apiError, postJson } from './api.ts'
import { downloadFile } from './download.ts'
import { followExport } from './report-exports.ts'
import type { ReportFormat } from './report-export.ts'

/**
 * Downloads `<path>/export.<format>?<query>` (below /api/); one too large to download at once
 * (`export_needs_job`) starts an export job instead, followed in the shell's export panel until
 * its file is downloaded. Answers which it did.
 */
export async function saveReport(
  path: string,
  format: ReportFormat,
  query: string,
): Promise<'downloaded' | 'job'> {
  const name = path.split('/').at(-1)!
  try {
    await downloadFile(`${path}/export.${format}?${query}`, `${name}.${format}`)
    return 'downloaded'
  } catch (err) {
    if (apiError(err)?.code !== 'export_needs_job' || !v.is(v.picklist(exportedReports), name))
      throw err
    const request: ReportExportRequest = {
      report: name,
      format,
      query: Object.fromEntries(new URLSearchParams(query)),
    }
    const { jobId } = await postJson('reports/exports', request, ReportExportStartedSchema, {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    followExport({ jobId, report: name })
    return 'job'
  }
}
