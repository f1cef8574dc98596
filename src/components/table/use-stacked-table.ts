import { useLayoutEffect, useRef } from 'react'
import { labelCells } from './stacked-labels.ts'

/** The class a table has while its rows stack (see back-office.css). */
const stacked = 'is-stacked'

/**
 * A table that keeps its columns while they fit its box and stacks each row's cells otherwise,
 * each beside its column's name: whatever the language, the data and the screen, no column is
 * cut off. Checked after every render (rows and headers change) and when the box is resized.
 */
export function useStackedTable() {
  const wrap = useRef<HTMLDivElement>(null)
  const table = useRef<HTMLTableElement>(null)
  useLayoutEffect(() => {
    const box = wrap.current
    const grid = table.current
    if (!box || !grid) return
    labelCells(grid)
    let width = -1
    const fit = () => {
      if (box.clientWidth === width) return
      width = box.clientWidth
      grid.classList.remove(stacked)
      grid.classList.toggle(stacked, grid.offsetWidth > box.clientWidth + 1)
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(box)
    return () => observer.disconnect()
  })
  return { wrap, table }
}
