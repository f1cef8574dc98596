import * as v from 'valibot'

/** The reports whose files may be made by a job (README "Reports", "Large exports"). */
export const exportedReports = ['due', 'paid', 'ledger', 'head-ledger-lines'] as const
export type ExportedReport = (typeof exportedReports)[number]

export const reportFormats = ['csv', 'xlsx'] as const

/**
 * An export asked of a job: the report, the file's format and the report's filters as its URL
 * search has them (text; `lang` the language of the headings), checked by the report's own
 * file query.
 */
export const ReportExportRequestSchema = v.object({
  report: v.picklist(exportedReports, 'invalid_value'),
  format: v.picklist(reportFormats, 'invalid_value'),
  query: v.record(v.string(), v.string()),
})
export type ReportExportRequest = v.InferOutput<typeof ReportExportRequestSchema>

/** What an export job answers once done: its file's name and how many rows it has. */
export const ReportExportResultSchema = v.object({
  fileName: v.string(),
  rows: v.number(),
})
export type ReportExportResult = v.InferOutput<typeof ReportExportResultSchema>

/** An export job started (202) or found again by its Idempotency-Key (200). */
export const ReportExportStartedSchema = v.object({ jobId: v.string() })
export type ReportExportStarted = v.InferOutput<typeof ReportExportStartedSchema>
