import type { ExportedReport } from '../../../shared/schemas/report-exports.ts'

/** The job kind exporting a report: one per report, under the report's own permission. */
export const exportKindOf = (report: ExportedReport) => `${report}-report-export`

/** Where an export job keeps its file. */
export const exportFileKey = (instituteId: string, jobId: string) =>
  `report-exports/${instituteId}/${jobId}`
