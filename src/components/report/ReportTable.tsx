import type { ReactNode } from 'react'
import type { Sorting } from '../../lib/list-search.ts'
import { ColumnChooser } from '../table/ColumnChooser.tsx'
import { useColumnChoice } from '../table/column-choice.ts'
import type { Column } from '../table/HeaderRow.tsx'
import { PagedTable } from '../table/PagedTable.tsx'

/** One column of a report's table: its header, and its cell in each row. */
export interface ReportColumn<R, C extends string = string> {
  /** The name the column chooser remembers it by (stable, unlike its label). */
  id: string
  label: string
  /** The column the list sorts by when its header is chosen. */
  sort?: C
  /** Figures: aligned at the end. */
  amount?: boolean
  cell: (row: R) => ReactNode
}

/** A row of the table's footer: what it totals, and its figure under each column that has one. */
export interface TotalsRow {
  label: string
  figures: Partial<Record<string, ReactNode>>
}

const headerOf = <C extends string>({ label, sort, amount }: ReportColumn<never, C>): Column<C> =>
  sort ? { label, sort, amount } : { label, amount }

/**
 * The footer's rows: each names what it totals over the columns before its first figure, or,
 * when a figure's column comes first, inside that figure's cell (for screen readers).
 */
function TotalsRows<R>({
  rows,
  columns,
}: {
  rows: readonly TotalsRow[]
  columns: readonly ReportColumn<R>[]
}) {
  return rows.map((row) => {
    const first = columns.findIndex((c) => row.figures[c.id] !== undefined)
    const span = first === -1 ? columns.length : first
    return (
      <tr key={row.label}>
        {span > 0 && (
          <th scope="row" colSpan={span}>
            {row.label}
          </th>
        )}
        {columns.slice(span).map((column, i) => (
          <td key={column.id} className={column.amount ? 'amount' : undefined}>
            {span === 0 && i === 0 && <span className="visually-hidden">{row.label}: </span>}
            {row.figures[column.id]}
          </td>
        ))}
      </tr>
    )
  })
}

/**
 * A report's detail table, one page at a time: the columns its reader chose ("Columns",
 * remembered per report and user on this device; hidden ones are left out on paper too), its
 * totals under the rows, and its header and totals in view while the page scrolls. Columns a
 * reader may not see are `false`.
 */
export function ReportTable<R, C extends string = string>({
  report,
  columns,
  rows,
  rowKey,
  rowClass,
  totals = [],
  sorting,
  empty,
  page,
  perPage,
  total,
  onPage,
}: {
  /** The report's name, under which the choice of columns is kept. */
  report: string
  columns: readonly (ReportColumn<R, C> | false)[]
  rows: readonly R[]
  rowKey: (row: R) => string
  rowClass?: (row: R) => string | undefined
  totals?: readonly TotalsRow[]
  sorting?: Sorting<C> | undefined
  empty: ReactNode
  page: number
  perPage: number
  total: number
  onPage: (next: { page: number; perPage: number }) => void
}) {
  const present = columns.filter((c) => c !== false)
  const { shown, toggle } = useColumnChoice(
    report,
    present.map((c) => c.id),
  )
  const visible = present.filter((c) => shown.has(c.id))
  return (
    <>
      <div className="table-tools no-print">
        <ColumnChooser columns={present} shown={shown} onToggle={toggle} />
      </div>
      <PagedTable
        sticky
        columns={visible.map(headerOf)}
        sorting={sorting}
        empty={empty}
        page={page}
        perPage={perPage}
        total={total}
        onPage={onPage}
        rows={rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)}>
            {visible.map((column) => (
              <td key={column.id} className={column.amount ? 'amount' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
        foot={total > 0 && totals.length > 0 && <TotalsRows rows={totals} columns={visible} />}
      />
    </>
  )
}
