import type { MessageDescriptor } from '@lingui/core'
import {
  exportColumns,
  exportFieldColumns,
  exportGenders,
  exportStatuses,
} from '../../../shared/messages/applicant-export.ts'
import { minorToDecimalString } from '../../../shared/money.ts'
import type { ApplicationFields } from '../../../shared/schemas/admission-applications.ts'
import type { Question, StandardField } from '../../../shared/schemas/admission-forms.ts'
import { textIn, type Locale } from '../../lib/messages.ts'
import { csvFile, type Cell } from '../../lib/spreadsheet-cells.ts'
import { fieldsOf, type applicantsForExport } from './applicant-read.ts'

type ExportRow = Awaited<ReturnType<typeof applicantsForExport>>[number]

const isoDay = /^\d{4}-\d{2}-\d{2}$/

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
 * How a staff member's spreadsheet reads dates, times, numbers and money: in their language,
 * times on the institute's clock. Where the decimal mark is a comma, spreadsheets split columns
 * at semicolons, so the file does too.
 */
function formatsFor(locale: Locale, timezone: string, digits: number) {
  const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const
  const onClock = new Intl.DateTimeFormat(locale, { ...day, timeZone: timezone })
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  })
  // A calendar day is no moment: it is formatted as it is, in UTC.
  const calendar = new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' })
  const decimals = (min: number, max: number) =>
    new Intl.NumberFormat(locale, {
      useGrouping: false,
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    })
  const number = decimals(0, 6)
  const money = decimals(digits, digits)
  const decimalMark = number.formatToParts(1.5).find((p) => p.type === 'decimal')?.value
  // Intl takes exact decimal strings (Intl.NumberFormat v3): no float is involved.
  const exact = (text: string) => text as unknown as number
  return {
    separator: decimalMark === ',' ? ';' : ',',
    moment: (at: Date | null) => (at ? `${onClock.format(at)} ${clock.format(at)}` : ''),
    day: (value: string) => (isoDay.test(value) ? calendar.format(new Date(value)) : value),
    number: (value: string) => number.format(exact(value)),
    money: (minor: number) => money.format(exact(minorToDecimalString(minor, digits))),
  }
}

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
