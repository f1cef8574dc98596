import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import type { ErrorValues } from '../../../shared/schemas/api-error.ts'
import { importRowLimit } from '../../../shared/schemas/students.ts'
import { ApiException } from '../../lib/errors.ts'

/** A spreadsheet as read: its heading row and the rows below it, with their row numbers. */
export interface Sheet {
  headers: string[]
  rows: { line: number; cells: string[] }[]
}

/** A file refused as a whole: 422 with the code, also named on the `file` field. */
export const fileRefusal = (code: ErrorCode, values?: ErrorValues) =>
  new ApiException(422, code, values, { fields: { file: [{ code, ...(values && { values }) }] } })

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)

/** First bytes of files people upload by mistake: PDF, images, the old binary Excel format. */
const notSpreadsheets = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
]

/**
 * Reads an upload by its content, whatever its name: a zip (`PK\3\4`) is an Excel workbook
 * (exceljs), text is CSV (papaparse: comma, semicolon or tab). Text is UTF-8 with or without a
 * byte order mark, UTF-16 with one, or else Windows-1252 (what older Excel writes as "CSV").
 * Refuses with a 422 a file of another type, an empty one, one with more rows than the limit,
 * formulas, or merged heading cells.
 */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length === 0) throw fileRefusal('import_file_empty')
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return readWorkbook(bytes)
  if (notSpreadsheets.some((magic) => startsWith(bytes, magic))) {
    throw fileRefusal('import_file_type')
  }
  const text = decodeText(bytes)
  // Control characters other than tab and line ends: a binary file, not text.
  const binary = [...text.slice(0, 8192)].some((ch) => {
    const code = ch.charCodeAt(0)
    return code < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r' && ch !== '\f'
  })
  if (binary) throw fileRefusal('import_file_type')
  return readCsv(text)
}

function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes)
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes)
  try {
    // Strips a UTF-8 byte order mark by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '')

/** The rows below the heading, blank ones left out; refused when there are none or too many. */
function sheetOf(records: string[][], lineOf: (index: number) => number): Sheet {
  const first = records.findIndex((cells) => !blank(cells))
  if (first < 0) throw fileRefusal('import_file_empty')
  const rows = records
    .map((cells, index) => ({ line: lineOf(index), cells }))
    .slice(first + 1)
    .filter((row) => !blank(row.cells))
  if (rows.length === 0) throw fileRefusal('import_no_rows')
  if (rows.length > importRowLimit)
    throw fileRefusal('import_too_many_rows', { max: importRowLimit })
  return { headers: records[first]!.map((h) => h.trim()), rows }
}

function readCsv(text: string): Sheet {
  if (text.trim() === '') throw fileRefusal('import_file_empty')
  // The heading, the limit's rows and one more (to tell it was exceeded), besides blank lines.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, preview: importRowLimit * 2 })
  return sheetOf(parsed.data, (index) => index + 1)
}

/** An Excel cell's value as the text a CSV would hold; dates as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value) return String(value.text)
    return ''
  }
  return String(value)
}

async function readWorkbook(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw fileRefusal('import_file_damaged')
  }
  const sheet = workbook.worksheets.find((ws) => ws.state === 'visible') ?? workbook.worksheets[0]
  if (!sheet || sheet.actualRowCount === 0) throw fileRefusal('import_file_empty')
  if (sheet.actualRowCount > importRowLimit + 1) {
    throw fileRefusal('import_too_many_rows', { max: importRowLimit })
  }
  let headerRow = 0
  const records: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula) {
        throw fileRefusal('import_formula_cells', { cell: cell.address })
      }
      cells[column - 1] = cellText(cell.value)
    })
    records[number - 1] = Array.from(cells, (c) => c ?? '')
    if (!headerRow && !blank(records[number - 1]!)) headerRow = number
  })
  // A merged heading names one column over several: which one a value belongs to is a guess.
  const merged = sheet.model.merges.filter((range) => {
    const [from, to] = String(range).split(':')
    const top = Number(/\d+/.exec(from ?? '')?.[0])
    const bottom = Number(/\d+/.exec(to ?? from ?? '')?.[0])
    return top <= headerRow && headerRow <= bottom
  })
  if (merged.length) throw fileRefusal('import_merged_header', { cells: merged.join(', ') })
  return sheetOf(
    Array.from(records, (r) => r ?? []),
    (index) => index + 1,
  )
}
