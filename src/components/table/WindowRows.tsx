import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState } from 'react'
import { labelCells } from './stacked-labels.ts'
import { SpacerRow } from './SpacerRow.tsx'
import { estimatedRowHeight, type VirtualRowsProps } from './virtual-rows.ts'

/** Rows drawn beyond each edge of the window, so a quick scroll shows no gap. */
const overscan = 12

/**
 * The rows of a long table in and near the window (see `VirtualRows`, which loads this part on
 * its own), measured as they are drawn; the spacer above them tells where they start on the page.
 */
export default function WindowRows({ count, row, columns, before }: VirtualRowsProps) {
  const top = useRef<HTMLTableRowElement>(null)
  const [margin, setMargin] = useState(0)
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatedRowHeight,
    overscan,
    scrollMargin: margin,
    ...(typeof window !== 'undefined' && {
      initialRect: { width: window.innerWidth, height: window.innerHeight },
    }),
  })
  // Where the rows start: read again whenever the page's height changes (what is above the
  // table, the stacked layout), not from rows drawn while scrolling.
  useLayoutEffect(() => {
    const spacer = top.current
    if (!spacer) return
    const read = () => {
      const at = spacer.getBoundingClientRect().top + window.scrollY
      setMargin((margin) => (Math.abs(at - margin) >= 1 ? at : margin))
    }
    read()
    const observer = new ResizeObserver(read)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  // Rows just drawn get their column names for the stacked layout.
  useLayoutEffect(() => {
    const table = top.current?.closest('table')
    if (table) labelCells(table)
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  return (
    <>
      <SpacerRow ref={top} columns={columns} height={first ? first.start - margin : 0} />
      {items.map((item) =>
        row(item.index, {
          'aria-rowindex': before + item.index + 1,
          'data-index': item.index,
          ref: virtualizer.measureElement,
        }),
      )}
      <SpacerRow
        columns={columns}
        height={last ? virtualizer.getTotalSize() - (last.end - margin) : 0}
      />
    </>
  )
}
