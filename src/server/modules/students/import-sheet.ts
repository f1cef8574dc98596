import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import type { ErrorValues } from '../../../shared/schemas/api-error.ts'
import { importRowLimit } from '../../../shared/schemas/student-imports.ts'
import type { Sheet } from './import-file.ts'

/*
 * What reading an upload shares between CSV and XLSX. This runs on the import reader's worker
 * thread (import-read-worker.ts), so it throws a plain SheetRefused that the request's thread
 * turns into its 422, and imports nothing that thread alone needs.
 */

/** The file refused as a whole, with the code and values of its 422. */
export class SheetRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly values?: ErrorValues,
  ) {
    super(code)
  }
}

/**
 * Values further right than this refuse the file: the template has 20 columns, and a value in
 * column 16,384 would otherwise make every row that wide.
 */
export const maxImportColumns = 100

/**
 * What the parts of a workbook read may unpack to in all. A sheet of 20,000 rows of 20 cells is
 * 15–40 MB of XML; a 1.5 MB zip bomb unpacks to gigabytes of it.
 */
export const maxUnpackedBytes = 64 * 1024 * 1024

export const blank = (cells: readonly unknown[]) =>
  cells.every((cell) => typeof cell === 'string' && cell.trim() === '')

/**
 * Counts the rows with anything in them as they are read, and refuses the file at the first
 * one past a heading and the limit, so the rest of it is never read.
 */
export function rowCounter() {
  let rows = 0
  return () => {
    if (++rows > importRowLimit + 1) {
      throw new SheetRefused('import_too_many_rows', { max: importRowLimit })
    }
  }
}

/** Refuses a value right of `maxImportColumns` (column is 1-based). */
export function checkColumn(column: number) {
  if (column > maxImportColumns) {
    throw new SheetRefused('import_too_many_columns', { max: maxImportColumns })
  }
}

/** The rows below the heading, blank ones left out; refused when there are none or too many. */
export function sheetOf(records: { line: number; cells: string[] }[]): Sheet {
  const heading = records.findIndex((r) => !blank(r.cells))
  if (heading < 0) throw new SheetRefused('import_file_empty')
  const rows = records.slice(heading + 1).filter((r) => !blank(r.cells))
  if (rows.length === 0) throw new SheetRefused('import_no_rows')
  if (rows.length > importRowLimit) {
    throw new SheetRefused('import_too_many_rows', { max: importRowLimit })
  }
  return { headers: records[heading]!.cells.map((h) => h.trim()), rows }
}
