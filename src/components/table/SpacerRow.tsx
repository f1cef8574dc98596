import type { Ref } from 'react'

/** A row standing for rows not drawn, out of the table's reading (role="presentation"). */
export function SpacerRow({
  height,
  columns,
  ref,
}: {
  height: number
  columns: number
  ref?: Ref<HTMLTableRowElement>
}) {
  return (
    <tr ref={ref} role="presentation" className="spacer-row" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  )
}
