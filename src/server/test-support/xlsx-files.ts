import { strToU8, Zip, ZipDeflate } from 'fflate'

const parts = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A row's cells, as Excel's XML holds them: numbers as numbers, other text inline, an empty
 * cell as `<c/>`. Cells name no reference (`r="B2"`): each follows the one before, as the
 * format allows, which keeps a 300,000-row sheet under the upload limit.
 */
const rowXml = (line: number, cells: string[]) =>
  `<row r="${line}">` +
  cells
    .map((text) => {
      if (text === '') return '<c/>'
      if (/^[1-9]\d{0,14}$/.test(text)) return `<c><v>${text}</v></c>`
      return `<c t="inlineStr"><is><t>${escaped(text)}</t></is></c>`
    })
    .join('') +
  '</row>'

/**
 * An .xlsx of one sheet: the heading, then `rows` rows made by `row(i)`, then `padding` bytes of
 * whitespace inside the sheet's data (a zip bomb's payload). The sheet's XML is deflated a piece
 * at a time, so a file of 300,000 rows or a gigabyte of padding is never whole in memory.
 */
export function generatedXlsx(opts: {
  headings: string[]
  rows: number
  row: (i: number) => string[]
  padding?: number
  /** What ends the sheet's XML instead of its closing tags (damaged XML, say). */
  end?: string
}): Uint8Array {
  const out: Uint8Array[] = []
  const zip = new Zip((err, data) => {
    if (err) throw err
    out.push(data)
  })
  for (const [name, xml] of Object.entries(parts)) {
    const part = new ZipDeflate(name)
    zip.add(part)
    part.push(strToU8(xml), true)
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  zip.add(sheet)
  let piece =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rowXml(1, opts.headings)
  for (let i = 0; i < opts.rows; i++) {
    piece += rowXml(i + 2, opts.row(i))
    if (piece.length > 1 << 20) {
      sheet.push(strToU8(piece))
      piece = ''
    }
  }
  sheet.push(strToU8(piece))
  const blanks = strToU8(' '.repeat(1 << 20))
  for (let left = opts.padding ?? 0; left > 0; left -= blanks.length) {
    sheet.push(blanks.subarray(0, Math.min(left, blanks.length)))
  }
  sheet.push(strToU8(opts.end ?? '</sheetData></worksheet>'), true)
  zip.end()
  const bytes = new Uint8Array(out.reduce((n, c) => n + c.length, 0))
  out.reduce((at, c) => (bytes.set(c, at), at + c.length), 0)
  return bytes
}

/**
 * The archive with its central directory declaring `size` inflated bytes for the entry `name`,
 * as a zip bomb that lies about its size does.
 */
export function declaringSize(bytes: Uint8Array, name: string, size: number): Uint8Array {
  const copy = bytes.slice()
  const view = new DataView(copy.buffer)
  const wanted = strToU8(name)
  for (let at = 0; at + 46 < copy.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue
    const length = view.getUint16(at + 28, true)
    const entry = copy.subarray(at + 46, at + 46 + length)
    if (length === wanted.length && entry.every((b, i) => b === wanted[i])) {
      view.setUint32(at + 24, size, true)
      return copy
    }
  }
  throw new Error(`no entry ${name}`)
}
