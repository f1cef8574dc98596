import ExcelJS from 'exceljs'
import type { Context } from 'hono'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import Papa from 'papaparse'

/**
 * Every spreadsheet the server writes (CSV, XLSX) goes through here, and every one it reads
 * has its cells checked with the same rule: text a spreadsheet would run as a formula
 * (OWASP "CSV injection": `=HYPERLINK(…)`, `=cmd|…`, `@SUM(…)`) never leaves or enters as one.
 */

/** A cell as an exporter gives it: text, a number, a date or nothing. */
export type Cell = string | number | Date | null | undefined

/** OWASP's list: text starting with these is read as a formula by Excel or LibreOffice. */
const formulaStart = /^[=+\-@\t\r]/

/**
 * A cell as written to a file. Text starting like a formula gets a leading single quote
 * (OWASP's rule), so spreadsheets show it as text: `'=HYPERLINK(…)`, `'+8801711000000`.
 * Numbers stay numbers, negative ones included (a money column still sums); only text is
 * neutralised, so an exporter writes amounts as numbers, not as formatted text.
 */
export function neutralised(value: Cell): string | number | Date | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' && formulaStart.test(value) && !negativeDecimal.test(value)
    ? `'${value}`
    : value
}

/**
 * A negative amount as a CSV in a language with a decimal comma writes it (`-1050,50`): digits
 * and separators only, so it calls nothing, and a spreadsheet reads it as the number it is.
 */
const negativeDecimal = /^-\d[\d.,]*$/

/**
 * A cell as read from an upload: the single quote our own exports put before formula-like
 * text is taken off again, so an exported file imports back unchanged.
 */
export const readBack = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

/**
 * Whether uploaded text would run as a formula once it is exported and opened: it starts like
 * one and is not a plain signed number or phone number (`+8801711000000`, `-12.50`), which
 * holds no letters and so can call nothing. The import refuses such cells, CSV or XLSX alike.
 */
export const runsAsFormula = (text: string) =>
  formulaStart.test(text) && !/^[+-][\d\s.,()-]*$/.test(text)

/**
 * A CSV file: a byte order mark so spreadsheets read UTF-8, CRLF line ends, cells quoted as
 * needed and neutralised. Where the decimal mark is a comma, pass `;` as the separator.
 */
export const csvFile = (rows: Cell[][], separator = ','): string =>
  `\uFEFF${csvLines(rows, separator)}`

/** Rows of a CSV file, each ended by CRLF. */
const csvLines = (rows: Cell[][], separator: string) =>
  `${Papa.unparse(
    rows.map((row) => row.map(neutralised)),
    { delimiter: separator, newline: '\r\n' },
  )}\r\n`

/** Bold headings; a number or date cell in its column's format (see xlsxFile). */
function styled(row: ExcelJS.Row, heading: boolean, formats: (string | undefined)[]) {
  if (heading) row.font = { bold: true }
  row.eachCell((cell, column) => {
    if (typeof cell.value === 'number' || cell.value instanceof Date) {
      cell.numFmt = formats[column - 1] ?? (cell.value instanceof Date ? 'yyyy-mm-dd' : 'General')
    }
  })
}

/** Every column text unless its cell is a number or a date. */
const textColumns = (count: number) =>
  Array.from({ length: count }, () => ({ width: 18, style: { numFmt: '@' } }))

/**
 * An Excel workbook of one sheet: the first row is the bold heading, cells are neutralised.
 * Columns are text (IDs and phone numbers keep their leading zeros, also in rows typed in
 * later); a number cell has its column's number format (else the general one) and a date cell
 * its date format, so they read, sum and sort as numbers and dates.
 */
export async function xlsxFile(
  sheetName: string,
  rows: Cell[][],
  /** Each column's number format for its numbers and dates (`#,##0.00`, `yyyy-mm-dd`). */
  formats: (string | undefined)[] = [],
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = textColumns(rows[0]?.length ?? 0)
  rows.forEach((cells, index) => styled(sheet.addRow(cells.map(neutralised)), index === 0, formats))
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer)
}

/**
 * A spreadsheet written to a stream a batch of rows at a time (the first row its headings), the
 * same as csvFile and xlsxFile would write it whole: only the batch is ever held.
 */
export interface SpreadsheetStream {
  add(rows: Cell[][]): Promise<void>
  /** Ends the file (and the stream). */
  end(): Promise<void>
}

/** Waits while the stream's buffer is full: the file is written no faster than the disk takes it. */
async function drained(stream: Writable) {
  if (stream.writableNeedDrain) await once(stream, 'drain')
}

export function csvStream(stream: Writable, separator = ','): SpreadsheetStream {
  let started = false
  return {
    async add(rows) {
      stream.write(`${started ? '' : '\uFEFF'}${csvLines(rows, separator)}`)
      started = true
      await drained(stream)
    },
    async end() {
      stream.end()
    },
  }
}

export function xlsxStream(
  stream: Writable,
  sheetName: string,
  formats: (string | undefined)[] = [],
): SpreadsheetStream {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(sheetName)
  let started = false
  return {
    async add(rows) {
      for (const cells of rows) {
        if (!started) sheet.columns = textColumns(cells.length)
        const row = sheet.addRow(cells.map(neutralised))
        styled(row, !started, formats)
        row.commit()
        started = true
      }
      await drained(stream)
    },
    async end() {
      sheet.commit()
      await workbook.commit()
    },
  }
}

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** A spreadsheet as a download named `fileName` (its extension says CSV or XLSX). */
export function spreadsheetResponse(
  c: Context,
  fileName: string,
  body: string | Uint8Array<ArrayBuffer>,
) {
  const type = fileName.endsWith('.xlsx') ? contentTypes.xlsx : contentTypes.csv
  return c.body(body, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  })
}
