/** A header's text as a label: without the sort arrow; none for a column named only for screen readers. */
function headerLabel(th: HTMLTableCellElement): string {
  if (th.querySelector('.visually-hidden')) return ''
  return (th.textContent ?? '').replace(/[↑↓]/g, '').trim()
}

/**
 * Gives each cell of a table's body its column's name (`data-label`), which the stacked layout
 * of a narrow table shows beside the value, its header row being out of sight. Rows that span
 * columns (a message, details under a row) are left as they are.
 */
export function labelCells(table: HTMLTableElement) {
  const head = table.tHead?.rows[0]
  if (!head) return
  const labels = Array.from(head.cells, headerLabel)
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      if (row.cells.length !== labels.length) continue
      Array.from(row.cells).forEach((cell, i) => {
        const label = labels[i] ?? ''
        if (cell.dataset.label !== label) cell.dataset.label = label
      })
    }
  }
}
