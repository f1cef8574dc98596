import type { Feedback } from '../../lib/mutation-feedback.ts'
import { useReportExport, type ReportExport } from '../../lib/report-export.ts'

/** Saves a report (`reports/<report>`) as filtered, every page, as CSV or Excel. */
export const useExportReport = (
  report:
    'due' | 'paid' | 'student-ledger' | 'head-ledger' | 'head-ledger-lines' | 'head-summaries',
  feedback: Feedback<void, ReportExport> = {},
) => useReportExport(`reports/${report}`, feedback)
