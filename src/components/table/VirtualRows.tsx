import { lazy, Suspense } from 'react'
import { SpacerRow } from './SpacerRow.tsx'
import { usePrinting } from './use-printing.ts'
import { estimatedRowHeight, type VirtualRowsProps } from './virtual-rows.ts'

/** Up to this many rows, all are drawn; beyond, only those near the window. */
const allRowsUpTo = 200
/** Drawn while the part that draws the rows near the window loads, the rest's room kept. */
const firstRows = 50

const WindowRows = lazy(() => import('./WindowRows.tsx'))

function rowsFrom(props: VirtualRowsProps, count: number) {
  return Array.from({ length: count }, (_, i) =>
    props.row(i, { 'aria-rowindex': props.before + i + 1 }),
  )
}

/**
 * The rows of a long table's body: up to a couple of hundred, all of them; beyond, only those in
 * and near the window (which scrolls the page), a spacer row above and below standing for the
 * rest, so the page is as tall as with every row and the header and totals stay in view. Rows are
 * measured as they are drawn (a row of two lines, a stacked row). On paper every row is drawn.
 * The part that draws the window is loaded only for a long table.
 */
export function VirtualRows(props: VirtualRowsProps) {
  const printing = usePrinting()
  if (printing || props.count <= allRowsUpTo) return rowsFrom(props, props.count)
  return (
    <Suspense
      fallback={
        <>
          {rowsFrom(props, firstRows)}
          <SpacerRow
            columns={props.columns}
            height={(props.count - firstRows) * estimatedRowHeight}
          />
        </>
      }
    >
      <WindowRows {...props} />
    </Suspense>
  )
}
