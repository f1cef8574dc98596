import Papa from 'papaparse'
import type { Sheet } from './import-file.ts'
import {
  blank,
  checkColumn,
  maxImportColumns,
  rowCounter,
  SheetRefused,
  sheetOf,
} from './import-sheet.ts'
import { readWorkbook } from './import-xlsx.ts'

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
 * Reads an upload by its content, whatever its name: a zip (`PK\3\4`) is an Excel workbook,
 * text is CSV (papaparse: comma, semicolon or tab). Text is UTF-8 with or without a byte order
 * mark, UTF-16 with one, or else Windows-1252 (what older Excel writes as "CSV"). Both are
 * read row by row and stop at the first row past the limit. Throws SheetRefused for a file of
 * another type, an empty one, one with too many rows or columns, formulas, merged heading
 * cells, or a workbook that unpacks to too much.
 */
export function readUpload(bytes: Uint8Array): Sheet {
  if (bytes.length === 0) throw new SheetRefused('import_file_empty')
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return readWorkbook(bytes)
  if (notSpreadsheets.some((magic) => startsWith(bytes, magic))) {
    throw new SheetRefused('import_file_type')
  }
  const text = decodeText(bytes)
  // Control characters other than tab and line ends: a binary file, not text.
  const binary = [...text.slice(0, 8192)].some((ch) => {
    const code = ch.charCodeAt(0)
    return code < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r' && ch !== '\f'
  })
  if (binary) throw new SheetRefused('import_file_type')
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

function readCsv(text: string): Sheet {
  if (text.trim() === '') throw new SheetRefused('import_file_empty')
  const records: { line: number; cells: string[] }[] = []
  const counted = rowCounter()
  let refused: unknown
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    step: ({ data: cells }, parser) => {
      try {
        const line = records.length + 1
        if (blank(cells)) {
          records.push({ line, cells: [] })
          return
        }
        checkColumn(cells.findLastIndex((cell) => cell.trim() !== '') + 1)
        counted()
        // Blank cells past the last value (a line of commas) are not kept.
        records.push({ line, cells: cells.slice(0, maxImportColumns) })
      } catch (err) {
        // papaparse's step cannot throw through it: stop it and throw once it returns.
        refused = err
        parser.abort()
      }
    },
  })
  if (refused) throw refused
  return sheetOf(records)
}
