import type { ReactNode } from 'react'
import { Pager } from './Pager.tsx'

/** A list's table with its header, a message when nothing matches, and the pager under it. */
export function PagedTable({
  head,
  columns,
  empty,
  rows,
  page,
  perPage,
  total,
  onPage,
}: {
  head: ReactNode
  columns: number
  empty: ReactNode
  rows: ReactNode
  page: number
  perPage: number
  total: number
  onPage: (next: { page: number; perPage: number }) => void
}) {
  return (
    <>
      <div className="table-wrap">
        <table className="table">
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
        </table>
      </div>
      <Pager page={page} perPage={perPage} total={total} onChange={onPage} />
    </>
  )
}
