/**
 * A block copied from a spreadsheet, as its rows of cells: lines split by tabs (what Excel,
 * LibreOffice and Google Sheets put on the clipboard). The last line break is not a row.
 */
export function pastedBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()))
}

/** Whether a paste is a block (more than one cell) rather than one value typed into a cell. */
export const isBlock = (text: string) => /[\t\n]/.test(text.replace(/\r?\n$/, ''))
