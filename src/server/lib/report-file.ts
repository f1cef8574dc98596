import type { MessageDescriptor } from '@lingui/core'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { minorToDecimalString } from '../../shared/money.ts'
import type { AppEnv } from '../app-env.ts'
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

interface FileContext {
  locale: Locale
  timezone: string
  currencyDigits: number
}

/** The language a file is written in: `lang`, the language the app shows, else the browser's. */
export const fileLocale = (c: Context<AppEnv>): Locale =>
  localeOf([c.req.query('lang'), c.req.header('Accept-Language')].join(','))

/** The file's language (`lang`, the language the app shows, else the browser's) and the institute's money and clock. */
async function fileContext(c: Context<AppEnv>): Promise<FileContext> {
  const { database, auth } = c.var
  const [institute] = await database.db
    .select({ timezone: institutes.timezone, currencyDigits: institutes.currencyDigits })
    .from(institutes)
    .where(eq(institutes.id, auth.instituteId))
  return {
    locale: fileLocale(c),
    timezone: institute?.timezone ?? 'UTC',
    currencyDigits: institute?.currencyDigits ?? 2,
  }
}

/** One label or several (joined with commas), in the file's language. */
const labelIn = (locale: Locale, label: MessageDescriptor | MessageDescriptor[] | null) =>
  label &&
  [label]
    .flat()
    .map((one) => textIn(locale, one))
    .join(', ')

const headingIn = (locale: Locale, heading: MessageDescriptor | string) =>
  typeof heading === 'string' ? heading : textIn(locale, heading)

function csvOf<R>(columns: ReportColumn<R>[], rows: R[], o: FileContext): string {
  const format = formatsFor(o.locale, o.timezone, o.currencyDigits)
  const cell = (kind: ColumnKind, value: Value): Cell => {
    if (value === null || typeof value === 'object') return labelIn(o.locale, value)
    if (kind === 'money') return format.money(Number(value))
    if (kind === 'day') return format.day(String(value))
    return value
  }
  return csvFile(
    [
      columns.map((col) => headingIn(o.locale, col.heading)),
      ...rows.map((row) => columns.map((col) => cell(col.kind, col.value(row)))),
    ],
    format.separator,
  )
}

function xlsxOf<R>(sheet: string, columns: ReportColumn<R>[], rows: R[], o: FileContext) {
  const cell = (kind: ColumnKind, value: Value): Cell => {
    if (value === null || typeof value === 'object') return labelIn(o.locale, value)
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
  return xlsxFile(
    sheet,
    [
      columns.map((col) => headingIn(o.locale, col.heading)),
      ...rows.map((row) => columns.map((col) => cell(col.kind, col.value(row)))),
    ],
    columns.map((col) => formats[col.kind]),
  )
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
  const body =
    report.format === 'csv'
      ? csvOf(columns, rows, o)
      : await xlsxOf(textIn(o.locale, report.sheet), columns, rows, o)
  return spreadsheetResponse(c, fileName, body)
}
