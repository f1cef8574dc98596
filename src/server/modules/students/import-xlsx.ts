import { SaxesParser } from 'saxes'
import {
  inflateEntry,
  zipEntries,
  ZipTooLarge,
  type InflateBudget,
  type ZipEntry,
} from '../../lib/zip-entries.ts'
import type { Sheet } from './import-file.ts'
import {
  blank,
  checkColumn,
  maxUnpackedBytes,
  rowCounter,
  SheetRefused,
  sheetOf,
} from './import-sheet.ts'

/** A shared string's index in a cell, resolved once the sheet is read. */
type Cell = string | number

interface Workbook {
  bytes: Uint8Array
  entries: Map<string, ZipEntry>
  budget: InflateBudget
}

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void
  close?: (name: string) => void
  text?: (text: string) => void
}

/** A tag's name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Streams one part's XML through the handlers as it unpacks; false when the part is missing.
 * `whole`: the part is read to its end, so one declaring more than the budget is refused
 * before it is unpacked; a sheet is read only up to the row limit, whatever its size.
 */
function readXml(book: Workbook, path: string, handlers: XmlHandlers, whole = true) {
  const entry = book.entries.get(path)
  if (!entry) return false
  if (whole && entry.size > book.budget.left) throw new ZipTooLarge(path)
  const parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  })
  const { open, close, text } = handlers
  if (open) parser.on('opentag', (tag) => open(local(tag.name), tag.attributes))
  if (close) parser.on('closetag', (tag) => close(local(tag.name)))
  if (text) {
    parser.on('text', text)
    parser.on('cdata', text)
  }
  const decoder = new TextDecoder('utf-8', { fatal: true })
  inflateEntry(book.bytes, entry, book.budget, (piece) =>
    parser.write(decoder.decode(piece, { stream: true })),
  )
  parser.write(decoder.decode())
  parser.close()
  return true
}

/** A relationship's target as a path inside the archive, from the part that names it. */
function partPath(from: string, target: string) {
  if (target.startsWith('/')) return target.slice(1)
  const parts = from.split('/').slice(0, -1)
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.') parts.push(segment)
  }
  return parts.join('/')
}

/** A part's relationships: id → { type, path }. */
function relationships(book: Workbook, part: string) {
  const slash = part.lastIndexOf('/')
  const rels = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`
  const found = new Map<string, { type: string; path: string }>()
  readXml(book, rels, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External') {
        found.set(a.Id, { type: a.Type ?? '', path: partPath(part, a.Target) })
      }
    },
  })
  return found
}

const ofType = (rels: Map<string, { type: string; path: string }>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.path

/** Number formats that show a date: the built-in ones, and any other naming days or years. */
const builtInDates = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34])
for (const id of [35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) builtInDates.add(id)
const isDateFormat = (code: string) =>
  /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))

/** The cell styles (their index, a cell's `s`) that show a number as a date. */
function dateStyles(book: Workbook, path: string | undefined) {
  const formats = new Map<number, string>()
  const styles: number[] = []
  let inCellXfs = false
  if (path) {
    readXml(book, path, {
      open(name, a) {
        if (name === 'numFmt') formats.set(Number(a.numFmtId), a.formatCode ?? '')
        else if (name === 'cellXfs') inCellXfs = true
        else if (name === 'xf' && inCellXfs) styles.push(Number(a.numFmtId ?? 0))
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false
      },
    })
  }
  const dates = new Set<number>()
  styles.forEach((format, index) => {
    const code = formats.get(format)
    if (code === undefined ? builtInDates.has(format) : isDateFormat(code)) dates.add(index)
  })
  return dates
}

/** Column number (1-based) of a cell reference such as `AB12`; 0 when it has none. */
function columnOf(ref: string) {
  let column = 0
  for (const ch of ref) {
    const code = ch.charCodeAt(0)
    if (code < 65 || code > 90) break
    column = column * 26 + code - 64
  }
  return column
}

const columnName = (column: number): string =>
  column > 26
    ? columnName(Math.floor((column - 1) / 26)) + String.fromCharCode(65 + ((column - 1) % 26))
    : String.fromCharCode(64 + column)

/** An Excel date serial as YYYY-MM-DD (the 1900 or 1904 calendar). */
function serialDate(serial: number, date1904: boolean) {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000))
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10)
}

/**
 * The sheet's rows as they unpack, stopped by the first row past the limit, a value right of
 * the last column taken or a formula; and the ranges of its merged cells.
 */
function readRows(book: Workbook, path: string, dates: Set<number>, date1904: boolean) {
  const records: { line: number; cells: Cell[] }[] = []
  const merges: string[] = []
  const counted = rowCounter()
  let line = 0
  let cells: Cell[] = []
  let column = 0
  let cell = { ref: '', type: 'n', style: 0, text: '' }
  let collecting = false
  let phonetic = false
  const found = readXml(
    book,
    path,
    {
      open(name, a) {
        switch (name) {
          case 'row':
            line = Number(a.r) || line + 1
            cells = []
            column = 0
            break
          case 'c':
            column = (a.r && columnOf(a.r)) || column + 1
            cell = { ref: a.r ?? '', type: a.t ?? 'n', style: Number(a.s ?? 0), text: '' }
            break
          case 'f':
            throw new SheetRefused('import_formula_cells', {
              cell: cell.ref || `${columnName(column)}${line}`,
            })
          case 'v':
          case 't':
            collecting = !phonetic
            break
          case 'rPh':
            phonetic = true
            break
          case 'mergeCell':
            if (a.ref) merges.push(a.ref)
        }
      },
      text(text) {
        if (collecting) cell.text += text
      },
      close(name) {
        if (name === 'v' || name === 't') collecting = false
        else if (name === 'rPh') phonetic = false
        else if (name === 'c') {
          const value = cellValue(cell, dates, date1904)
          if (value === '') return
          checkColumn(column)
          cells[column - 1] = value
        } else if (name === 'row') {
          const filled = Array.from(cells, (c) => c ?? '')
          if (blank(filled)) return
          counted()
          records.push({ line, cells: filled })
        }
      },
    },
    false,
  )
  if (!found) throw new SheetRefused('import_file_damaged')
  return { records, merges }
}

/** A cell's value as the text a CSV would hold; dates as YYYY-MM-DD; a shared string's index. */
function cellValue(
  cell: { type: string; style: number; text: string },
  dates: Set<number>,
  date1904: boolean,
): Cell {
  const { type, text } = cell
  switch (type) {
    case 's':
      return /^\d+$/.test(text) ? Number(text) : ''
    case 'inlineStr':
    case 'str':
      return text
    case 'b':
      return text === '' ? '' : String(text === '1' || text === 'true')
    case 'e':
      return ''
    case 'd': {
      const date = new Date(text)
      return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10)
    }
    default: {
      const number = Number(text)
      if (text.trim() === '' || Number.isNaN(number)) return text
      return dates.has(cell.style) ? serialDate(number, date1904) : String(number)
    }
  }
}

/** The shared strings the rows name (and only those), by index. */
function sharedStrings(book: Workbook, path: string | undefined, wanted: Set<number>) {
  const strings = new Map<number, string>()
  if (!path || wanted.size === 0) return strings
  let index = 0
  let text = ''
  let collecting = false
  let phonetic = false
  readXml(book, path, {
    open(name) {
      if (name === 'si') text = ''
      else if (name === 't') collecting = !phonetic
      else if (name === 'rPh') phonetic = true
    },
    text(t) {
      if (collecting) text += t
    },
    close(name) {
      if (name === 't') collecting = false
      else if (name === 'rPh') phonetic = false
      else if (name === 'si') {
        if (wanted.has(index)) strings.set(index, text)
        index++
      }
    },
  })
  return strings
}

/** The first visible sheet's path and whether dates count from 1904. */
function firstSheet(book: Workbook, workbookPath: string) {
  const sheets: { id: string; hidden: boolean }[] = []
  let date1904 = false
  const found = readXml(book, workbookPath, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true'
      if (name !== 'sheet') return
      const id = Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1]
      if (id) sheets.push({ id, hidden: a.state === 'hidden' || a.state === 'veryHidden' })
    },
  })
  if (!found) throw new SheetRefused('import_file_damaged')
  const rels = relationships(book, workbookPath)
  const sheet = sheets.find((s) => !s.hidden) ?? sheets[0]
  if (!sheet) throw new SheetRefused('import_file_empty')
  const path = rels.get(sheet.id)?.path
  if (!path) throw new SheetRefused('import_file_damaged')
  return { path, rels, date1904 }
}

/**
 * An Excel workbook's first visible sheet, read as it unpacks: the archive's parts are inflated
 * a piece at a time within `maxUnpackedBytes`, their XML parsed as a stream, and the sheet read
 * no further than the first row past the limit. Shared strings are read after the sheet, and
 * only those its rows name are kept.
 */
export function readWorkbook(bytes: Uint8Array): Sheet {
  try {
    const book: Workbook = { bytes, entries: zipEntries(bytes), budget: { left: maxUnpackedBytes } }
    const root = relationships(book, '')
    const workbookPath = ofType(root, 'officeDocument') ?? 'xl/workbook.xml'
    const { path, rels, date1904 } = firstSheet(book, workbookPath)
    const dates = dateStyles(book, ofType(rels, 'styles'))
    const { records, merges } = readRows(book, path, dates, date1904)
    const wanted = new Set(records.flatMap((r) => r.cells.filter((c) => typeof c === 'number')))
    const strings = sharedStrings(book, ofType(rels, 'sharedStrings'), wanted)
    const resolved = records.map(({ line, cells }) => ({
      line,
      cells: cells.map((c) => (typeof c === 'number' ? (strings.get(c) ?? '') : c)),
    }))
    // A merged heading names one column over several: which one a value belongs to is a guess.
    const heading = resolved.find((r) => !blank(r.cells))?.line
    const merged = merges.filter((range) => {
      const [from = '', to = from] = range.split(':')
      const top = Number(/\d+/.exec(from)?.[0])
      const bottom = Number(/\d+/.exec(to)?.[0])
      return heading !== undefined && top <= heading && heading <= bottom
    })
    if (merged.length) throw new SheetRefused('import_merged_header', { cells: merged.join(', ') })
    return sheetOf(resolved)
  } catch (err) {
    if (err instanceof SheetRefused) throw err
    if (err instanceof ZipTooLarge) {
      throw new SheetRefused('import_file_unpacked_too_large', {
        max: maxUnpackedBytes / 1024 / 1024,
      })
    }
    // A damaged archive, XML that does not parse, text that is not UTF-8.
    throw new SheetRefused('import_file_damaged')
  }
}
