import { proxy } from 'valtio'
import type { ExportedReport } from '../shared/schemas/report-exports.ts'

/** An export running as a job, followed by the shell's export panel (ReportExports). */
export interface ExportJob {
  jobId: string
  report: ExportedReport
}

/**
 * The exports started in this tab, shown until dismissed wherever the user goes in the app;
 * forgotten at sign-out (forgetSession) with everything else of the user.
 */
export const exportJobs = proxy<{ items: ExportJob[] }>({ items: [] })

export function followExport(job: ExportJob) {
  exportJobs.items = [...exportJobs.items.filter((j) => j.jobId !== job.jobId), job]
}

export function dismissExport(jobId: string) {
  exportJobs.items = exportJobs.items.filter((j) => j.jobId !== jobId)
}

export function forgetExports() {
  exportJobs.items = []
}

/** Where an export job's file is downloaded (below /api/). */
export const exportFilePath = (jobId: string) => `reports/exports/${jobId}/file`
