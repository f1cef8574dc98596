import * as v from 'valibot'
import { proxy, subscribe } from 'valtio'
import { exportedReports } from '../shared/schemas/report-exports.ts'

/** An export running as a job, followed by the shell's export panel (ReportExports). */
const ExportJobSchema = v.object({
  jobId: v.string(),
  report: v.picklist(exportedReports),
  /** Whether its file was saved once by itself when it was ready (not again after a reload). */
  saved: v.optional(v.boolean()),
})
export type ExportJob = v.InferOutput<typeof ExportJobSchema>

const storageKey = 'report-exports'

function stored(): ExportJob[] {
  try {
    const parsed = v.safeParse(
      v.array(ExportJobSchema),
      JSON.parse(sessionStorage.getItem(storageKey) ?? '[]'),
    )
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

/**
 * The exports started in this tab, shown until dismissed wherever the user goes in the app (a
 * reload included: kept in the tab's session storage); forgotten at sign-out (forgetSession)
 * with everything else of the user.
 */
export const exportJobs = proxy<{ items: ExportJob[] }>({ items: stored() })
subscribe(exportJobs, () => sessionStorage.setItem(storageKey, JSON.stringify(exportJobs.items)))

export function followExport(job: ExportJob) {
  exportJobs.items = [...exportJobs.items.filter((j) => j.jobId !== job.jobId), job]
}

export function markExportSaved(jobId: string) {
  exportJobs.items = exportJobs.items.map((j) => (j.jobId === jobId ? { ...j, saved: true } : j))
}

export function dismissExport(jobId: string) {
  exportJobs.items = exportJobs.items.filter((j) => j.jobId !== jobId)
}

export function forgetExports() {
  exportJobs.items = []
}

/** Where an export job's file is downloaded (below /api/). */
export const exportFilePath = (jobId: string) => `reports/exports/${jobId}/file`
