import type { MessageDescriptor } from '@lingui/core'
import {
  exportColumns,
  exportFieldColumns,
  exportGenders,
  exportStatuses,
} from '../../../shared/messages/applicant-export.ts'
import type { ApplicationFields } from '../../../shared/schemas/admission-applications.ts'
import type { Question, StandardField } from '../../../shared/schemas/admission-forms.ts'
import { formatsFor } from '../../lib/export-formats.ts'
import { textIn, type Locale } from '../../lib/messages.ts'
import { csvFile, type Cell } from '../../lib/spreadsheet-cells.ts'
import { fieldsOf, type applicantsForExport } from './applicant-read.ts'

type ExportRow = Awaited<ReturnType<typeof applicantsForExport>>[number]

/** The standard fields in the order the office reads them: who, how to reach them, the rest. */
const fieldColumns: readonly StandardField[] = [
  'applicantName',
  'phone',
  'email',
  'dateOfBirth',
  'gender',
  'fatherName',
  'motherName',
  'guardianName',
  'address',
  'previousSchool',
]

/**
 * The applicants as a CSV file for spreadsheets: a byte order mark so they read UTF-8, headings
 * and statuses in the reader's language, times on the institute's clock, the form's own
 * questions one column each with their answers as the question's kind reads.
 */
export function applicantsCsv(
  rows: ExportRow[],
  opts: {
    questions: Question[]
    currency: string
    /** The institute's stored minor-unit digits of its currency. */
    currencyDigits: number
    timezone: string
    locale: Locale
  },
): string {
  const { questions, currency, locale } = opts
  const text = (message: MessageDescriptor, values?: Record<string, string>) =>
    textIn(locale, message, values)
  const format = formatsFor(locale, opts.timezone, opts.currencyDigits)

  const answer = (question: Question, value: string | undefined) => {
    if (!value) return ''
    if (question.kind === 'date') return format.day(value)
    if (question.kind === 'number') return format.number(value)
    return value
  }
  const field = (fields: ApplicationFields, name: StandardField) => {
    const value = fields[name]
    if (name === 'dateOfBirth') return format.day(value)
    if (name === 'gender' && Object.hasOwn(exportGenders, value)) return text(exportGenders[value]!)
    return value
  }

  const lines: Cell[][] = [
    [
      text(exportColumns.trackingId),
      text(exportColumns.form),
      text(exportColumns.status),
      text(exportColumns.submitted),
      ...fieldColumns.map((name) => text(exportFieldColumns[name])),
      ...questions.map((q) => q.label),
      text(exportColumns.fee, { currency }),
      text(exportColumns.decisionNote),
      text(exportColumns.decided),
      text(exportColumns.studentId),
    ],
    ...rows.map((row) => {
      const fields = fieldsOf(row)
      return [
        row.temporaryId,
        row.formTitle,
        text(exportStatuses[row.status]),
        format.moment(row.submittedAt),
        ...fieldColumns.map((name) => field(fields, name)),
        ...questions.map((q) => answer(q, row.answers[q.id])),
        format.money(row.fee),
        row.decisionNote,
        format.moment(row.decidedAt),
        row.studentCode ?? '',
      ]
    }),
  ]
  return csvFile(lines, format.separator)
}
