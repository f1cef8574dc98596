import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { downloadFile } from './download.ts'
import type { Feedback } from './mutation-feedback.ts'
import { toSearchParams } from './search.ts'
import { useServerErrors } from './server-errors.ts'

export type ReportFormat = 'csv' | 'xlsx'

export interface ReportExport {
  format: ReportFormat
  /** The report's filters as shown: every page is exported, in the order shown. */
  search: object
}

/**
 * Saves a report as filtered, every page, as CSV or Excel, its headings in the language the app
 * shows: `<path>/export.csv|xlsx` below /api/ (reportFileRoutes on the server). A refusal is
 * toasted unless `feedback` handles it.
 */
export function useReportExport(path: string, feedback: Feedback<void, ReportExport> = {}) {
  const { t, i18n } = useLingui()
  const errorsOf = useServerErrors()
  return useMutation({
    mutationFn: ({ format, search }: ReportExport) => {
      const query = { ...search, page: undefined, perPage: undefined, lang: i18n.locale }
      const name = path.split('/').at(-1)
      return downloadFile(`${path}/export.${format}?${toSearchParams(query)}`, `${name}.${format}`)
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The report was not exported`),
    ...feedback,
  })
}
