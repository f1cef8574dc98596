import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import type { Feedback } from './mutation-feedback.ts'
import { toSearchParams } from './search.ts'
import { useServerErrors } from './server-errors.ts'
import { showToast } from './toasts.ts'

export type ReportFormat = 'csv' | 'xlsx'

export interface ReportExport {
  format: ReportFormat
  /** The report's filters as shown: every page is exported, in the order shown. */
  search: object
}

/**
 * Saves a report as filtered, every page, as CSV or Excel, its headings in the language the app
 * shows: `<path>/export.csv|xlsx` below /api/ (reportFileRoutes on the server). A report too
 * large to download at once (the server answers `export_needs_job`) is exported by a job
 * instead, followed in the shell's export panel until its file is downloaded. A refusal is
 * toasted unless `feedback` handles it.
 */
export function useReportExport(path: string, feedback: Feedback<void, ReportExport> = {}) {
  const { t, i18n } = useLingui()
  const errorsOf = useServerErrors()
  return useMutation({
    mutationFn: async ({ format, search }: ReportExport) => {
      const query = toSearchParams({
        ...search,
        page: undefined,
        perPage: undefined,
        lang: i18n.locale,
      })
      // Loaded when a reader first exports: no report's first load carries it.
      const { saveReport } = await import('./report-export-save.ts')
      const saved = await saveReport(path, format, query)
      if (saved === 'job') {
        showToast({
          variant: 'info',
          title: t`The export runs as a task`,
          text: t`It is too large to save at once. Its progress is shown at the bottom of the screen, also on other pages; the file is saved when it is ready.`,
        })
      }
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The report was not exported`),
    ...feedback,
  })
}
