import type { ReactNode, Ref } from 'react'

/**
 * What a row drawn by `VirtualRows` carries on its `<tr>`: its place among all the table's rows
 * (header and footer included), and while only some rows are drawn, what measures its height.
 */
interface RowProps {
  'aria-rowindex': number
  'data-index'?: number
  ref?: Ref<HTMLTableRowElement>
}

export interface VirtualRowsProps {
  /** How many rows there are. */
  count: number
  /** The row at an index, a `<tr>` with its key and `props` spread on it. */
  row: (index: number, props: RowProps) => ReactNode
  /** How many columns the table has (what a spacer row spans). */
  columns: number
  /** How many of the table's rows come before these (its header row, an opening balance). */
  before: number
}

/** A row's height before it is measured (a ledger's one-line row). */
export const estimatedRowHeight = 40
