import type { ReactNode } from 'react'
import type { Sorting } from '../../lib/list-search.ts'
import { HeaderRow, visibleColumns, type Column } from './HeaderRow.tsx'
import { Pager } from './Pager.tsx'
import { useStackedTable } from './use-stacked-table.ts'
import { useStickyTotals } from './use-sticky-totals.ts'

/**
 * The header: its columns (a `HeaderRow`, sortable with `sorting`), or a header row built by
 * hand with the number of columns it has.
 */
type Head<C extends string> =
  | { columns: readonly Column<C>[]; sorting?: Sorting<C> | undefined; head?: undefined }
  | { head: ReactNode; columns: number; sorting?: undefined }

/**
 * A list's table with its header, a message when nothing matches, and the pager under it. With
 * too little room for its columns (a tablet, long words) each row stacks its cells instead.
 * `foot`: the rows of its footer (totals). `sticky`: its header and footer stay in view while
 * the page scrolls (a report's; see `.sticky-table` in back-office.css).
 */
export function PagedTable<C extends string = string>(
  props: Head<C> & {
    empty: ReactNode
    rows: ReactNode
    foot?: ReactNode
    sticky?: boolean
    page: number
    perPage: number
    total: number
    onPage: (next: { page: number; perPage: number }) => void
  },
) {
  const { empty, rows, foot, sticky, page, perPage, total, onPage } = props
  const { wrap, table } = useStackedTable()
  useStickyTotals(table, sticky)
  const columns = typeof props.columns === 'number' ? props.columns : visibleColumns(props.columns)
  const head =
    typeof props.columns === 'number' ? (
      props.head
    ) : (
      <HeaderRow columns={props.columns} sorting={props.sorting} />
    )
  return (
    <>
      <div ref={wrap} className={sticky ? 'table-wrap sticky-table' : 'table-wrap'}>
        <table ref={table} className="table">
          <thead>{head}</thead>
          <tbody>
            {rows}
            {total === 0 && (
              <tr>
                <td colSpan={columns} className="muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
          {foot && <tfoot>{foot}</tfoot>}
        </table>
      </div>
      <Pager page={page} perPage={perPage} total={total} onChange={onPage} />
    </>
  )
}
