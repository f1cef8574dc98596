import type { MessageDescriptor } from '@lingui/core'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { minorToDecimalString } from '../../shared/money.ts'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/client.ts'
import { institutes } from '../db/schema/institutes.ts'
import { formatsFor } from './export-formats.ts'
import { localeOf, textIn, type Locale } from './messages.ts'
import { csvFile, spreadsheetResponse, xlsxFile, type Cell } from './spreadsheet-cells.ts'
import { todayIn } from './today.ts'

/*
 * A report as a file (CSV or XLSX) the way every report exports: headings in the reader's
 * language, money with the currency's decimals, days as days, text neutralised
 * (spreadsheet-cells.ts). In a CSV, numbers are written as the reader's spreadsheet reads them
 * (decimal comma and semicolons where the language has them); in an XLSX they are numbers and
 * dates, formatted, so that they sum and sort.
 */

/**
 * What a column holds: money in minor units, a YYYY-MM-DD day, a count, text, or labels (a
 * message or several, written in the file's language).
 */
export type ColumnKind = 'text' | 'money' | 'day' | 'count' | 'label'

type Value = string | number | MessageDescriptor | MessageDescriptor[] | null

export interface ReportColumn<R> {
  /** A message, or a name the report found (a class's, a month's) already in the file's language. */
  heading: MessageDescriptor | string
  kind: ColumnKind
  value: (row: R) => Value
}

export type ReportFormat = 'csv' | 'xlsx'

export interface FileContext {
  locale: Locale
  timezone: string
  currencyDigits: number
}

/** The language a file is written in: `lang`, the language the app shows, else the browser's. */
export const fileLocale = (c: Context<AppEnv>): Locale =>
  localeOf([c.req.query('lang'), c.req.header('Accept-Language')].join(','))

/** A file's language and the institute's money and clock. */
export async function fileContextOf(
  db: Db,
  instituteId: string,
  locale: Locale,
): Promise<FileContext> {
  const [institute] = await db
    .select({ timezone: institutes.timezone, currencyDigits: institutes.currencyDigits })
    .from(institutes)
    .where(eq(institutes.id, instituteId))
  return {
    locale,
    timezone: institute?.timezone ?? 'UTC',
    currencyDigits: institute?.currencyDigits ?? 2,
  }
}

/** The file's language (`lang`, the language the app shows, else the browser's) and the institute's money and clock. */
const fileContext = (c: Context<AppEnv>) =>
  fileContextOf(c.var.database.db, c.var.auth.instituteId, fileLocale(c))

/** One label or several (joined with commas), in the file's language. */
const labelIn = (locale: Locale, label: MessageDescriptor | MessageDescriptor[] | null) =>
  label &&
  [label]
    .flat()
    .map((one) => textIn(locale, one))
    .join(', ')

/** The columns' headings in the file's language. */
export const headingsOf = <R>(columns: ReportColumn<R>[], locale: Locale) =>
  columns.map((col) =>
    typeof col.heading === 'string' ? col.heading : textIn(locale, col.heading),
  )

/**
 * How a row's cells are written in a file of `format`: in a CSV as the reader's spreadsheet
 * reads typed text, in an XLSX as numbers and dates (with `formats`, each column's number format).
 */
export function cellsOf<R>(columns: ReportColumn<R>[], format: ReportFormat, o: FileContext) {
  const text = formatsFor(o.locale, o.timezone, o.currencyDigits)
  const cell = (kind: ColumnKind, value: Value): Cell => {
    if (value === null || typeof value === 'object') return labelIn(o.locale, value)
    if (format === 'csv') {
      if (kind === 'money') return text.money(Number(value))
      if (kind === 'day') return text.day(String(value))
      return value
    }
    // The exact decimal, read as the spreadsheet's own number type would read it typed.
    if (kind === 'money') return Number(minorToDecimalString(Number(value), o.currencyDigits))
    if (kind === 'day') return new Date(`${String(value)}T00:00:00Z`)
    return value
  }
  const decimals = o.currencyDigits > 0 ? `.${'0'.repeat(o.currencyDigits)}` : ''
  const formats: Record<ColumnKind, string | undefined> = {
    text: undefined,
    label: undefined,
    count: '0',
    money: `#,##0${decimals};-#,##0${decimals}`,
    day: 'yyyy-mm-dd',
  }
  return {
    row: (row: R) => columns.map((col) => cell(col.kind, col.value(row))),
    separator: text.separator,
    formats: columns.map((col) => formats[col.kind]),
  }
}

/** The report's rows as a download `<name>-<today>.csv|xlsx`, in the asker's language. */
export async function reportFile<R>(
  c: Context<AppEnv>,
  report: { name: string; sheet: MessageDescriptor; format: ReportFormat },
  columns: ReportColumn<R>[],
  rows: R[],
) {
  const o = await fileContext(c)
  const fileName = `${report.name}-${todayIn(o.timezone)}.${report.format}`
  const cells = cellsOf(columns, report.format, o)
  const all = [headingsOf(columns, o.locale), ...rows.map(cells.row)]
  const body =
    report.format === 'csv'
      ? csvFile(all, cells.separator)
      : await xlsxFile(textIn(o.locale, report.sheet), all, cells.formats)
  return spreadsheetResponse(c, fileName, body)
}
