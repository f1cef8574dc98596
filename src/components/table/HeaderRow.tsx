import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Sorting } from '../../lib/list-search.ts'
import { SortHeader } from './SortHeader.tsx'

/**
 * One column of a table's header:
 * - `{ label }` a plain column; `amount` aligns it (and its cells) for figures; `hidden` keeps
 *   its label for screen readers only (a column of row actions);
 * - `{ label, sort }` a column the list sorts by (with the row's `sorting`);
 * - `'debit'`, `'credit'` the amount columns of postings (vouchers, ledgers, trial balance);
 * - `false` a column this user does not see (`canUpdate && { … }`).
 */
export type Column<C extends string = string> =
  | { label: ReactNode; sort?: undefined; amount?: boolean; hidden?: boolean }
  | SortColumn<C>
  | 'debit'
  | 'credit'
  | false

type SortColumn<C extends string> = { label: string; sort: C; amount?: boolean; hidden?: undefined }

const sortable = <C extends string>(column: Column<C>): column is SortColumn<C> =>
  typeof column === 'object' && column.sort !== undefined

/** The columns a user sees: what an empty table's one cell spans. */
export function visibleColumns(columns: readonly Column<string>[]): number {
  return columns.filter(Boolean).length
}

/**
 * A table's header row from its columns (each a `scope="col"` header), sortable ones as
 * `SortHeader`s. `rowIndex`: its place among the rows of a table not all drawn (`VirtualRows`).
 */
export function HeaderRow<C extends string>({
  columns,
  sorting,
  rowIndex,
}: {
  columns: readonly Column<C>[]
  sorting?: Sorting<C> | undefined
  rowIndex?: number
}) {
  return (
    <tr aria-rowindex={rowIndex}>
      {columns.map((column, i) => {
        if (column === false) return null
        if (column === 'debit' || column === 'credit') {
          return (
            <th key={i} scope="col" className="amount">
              {column === 'debit' ? <Trans>Debit</Trans> : <Trans>Credit</Trans>}
            </th>
          )
        }
        const className = column.amount ? 'amount' : undefined
        if (sortable(column) && sorting) {
          return (
            <SortHeader
              key={i}
              column={column.sort}
              label={column.label}
              className={className}
              {...sorting}
            />
          )
        }
        return (
          <th key={i} scope="col" className={className}>
            {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
          </th>
        )
      })}
    </tr>
  )
}
