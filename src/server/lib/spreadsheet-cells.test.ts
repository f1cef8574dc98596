import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvFile, readBack, runsAsFormula, xlsxFile } from './spreadsheet-cells.ts'

const rows = [
  ['Note', 'Amount'],
  ['=HYPERLINK("http://evil.example","Click")', -1500.25],
  ['@SUM(1+1)', 0],
  ["-2+3+cmd|' /C calc'!A0", 12],
  ['\tTabbed', null],
  ['+8801711000000', -7],
  ['Plain text', 3],
]

describe('spreadsheet files', () => {
  it('writes formula-looking text with a leading quote in CSV; numbers stay numbers', () => {
    const csv = csvFile(rows)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const read = Papa.parse<string[]>(csv.slice(1).trimEnd(), { newline: '\r\n' }).data
    expect(read).toEqual([
      ['Note', 'Amount'],
      ['\'=HYPERLINK("http://evil.example","Click")', '-1500.25'],
      ["'@SUM(1+1)", '0'],
      ["'-2+3+cmd|' /C calc'!A0", '12'],
      ["'\tTabbed", ''],
      ["'+8801711000000", '-7'],
      ['Plain text', '3'],
    ])
    // The semicolon separator (where the decimal mark is a comma) quotes the same way.
    expect(csvFile([['=1;2', -3]], ';')).toBe('\uFEFF"\'=1;2";-3\r\n')
    // A negative amount written in a language's decimals is a number, not a formula; a sum is.
    expect(csvFile([['-1050,50', '-1.050,50', '-1050.50-1']], ';')).toBe(
      "\uFEFF-1050,50;-1.050,50;'-1050.50-1\r\n",
    )
  })

  it('writes formula-looking text with a leading quote in XLSX; numbers stay numbers', async () => {
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await xlsxFile('Sheet', rows)).buffer)
    const sheet = book.worksheets[0]!
    const column = (n: number) =>
      Array.from({ length: rows.length }, (_, i) => sheet.getRow(i + 1).getCell(n).value)
    expect(column(1)).toEqual([
      'Note',
      '\'=HYPERLINK("http://evil.example","Click")',
      "'@SUM(1+1)",
      "'-2+3+cmd|' /C calc'!A0",
      "'\tTabbed",
      "'+8801711000000",
      'Plain text',
    ])
    expect(column(2)).toEqual(['Amount', -1500.25, 0, 12, null, -7, 3])
    // A number is no text-formatted cell: Excel shows and sums it as a number.
    expect(sheet.getRow(2).getCell(2).numFmt ?? 'General').toBe('General')
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('@')
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String)
  })

  it('tells uploaded text that would run as a formula from signed numbers and phones', () => {
    for (const text of ['=1+1', '@SUM(1)', '+A1', '-2+3+cmd|x', '\tx', '\rx', '-HYPERLINK(1)']) {
      expect(runsAsFormula(text), text).toBe(true)
    }
    for (const text of ['+8801711000000', '+880 1711-000000', '-12.50', '-', 'Rahim', "'=x", '']) {
      expect(runsAsFormula(text), text).toBe(false)
    }
    expect(readBack("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)')
    expect(readBack("'+8801711000000")).toBe('+8801711000000')
    expect(readBack("'Tis the season")).toBe("'Tis the season")
  })
})
