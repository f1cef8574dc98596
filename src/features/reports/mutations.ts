import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { downloadFile } from '../../lib/download.ts'
import type { Feedback } from '../../lib/mutation-feedback.ts'
import { toSearchParams } from '../../lib/search.ts'

export type ReportFormat = 'csv' | 'xlsx'

interface ReportExport {
  format: ReportFormat
  /** The report's filters as shown: every page is exported, in the order shown. */
  search: object
}

/**
 * Saves a report (`reports/<report>`) as filtered, every page, as CSV or Excel, its headings in
 * the language the app shows.
 */
export function useExportReport(
  report: 'due' | 'paid',
  feedback: Feedback<void, ReportExport> = {},
) {
  const { i18n } = useLingui()
  return useMutation({
    mutationFn: ({ format, search }: ReportExport) => {
      const query = { ...search, page: undefined, perPage: undefined, lang: i18n.locale }
      return downloadFile(
        `reports/${report}/export.${format}?${toSearchParams(query)}`,
        `${report}-report.${format}`,
      )
    },
    ...feedback,
  })
}
