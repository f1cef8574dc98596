/** A header's text as a label: without the sort arrow; none for a column named only for screen readers. */
function headerLabel(th: HTMLTableCellElement): string {
  if (th.querySelector('.visually-hidden')) return ''
  return (th.textContent ?? '').replace(/[↑↓]/g, '').trim()
}

/**
 * Gives each cell of a table's body and footer its column's name (`data-label`), which the
 * stacked layout of a narrow table shows beside the value, its header row being out of sight.
 * Cells spanning several columns (a message, a row's caption, details under a row) get none.
 */
export function labelCells(table: HTMLTableElement) {
  const head = table.tHead?.rows[0]
  if (!head) return
  const labels = Array.from(head.cells, headerLabel)
  const sections = [...Array.from(table.tBodies), ...(table.tFoot ? [table.tFoot] : [])]
  for (const section of sections) {
    for (const row of Array.from(section.rows)) {
      let column = 0
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan === 1 ? labels[column] : undefined
        if (label !== undefined && cell.dataset.label !== label) cell.dataset.label = label
        column += cell.colSpan
      }
    }
  }
}
