/** A column header that sorts a list by its column, ascending then descending. */
export function SortHeader<C extends string>({
  column,
  label,
  sortBy,
  sortDesc,
  onSort,
  className,
}: {
  column: C
  label: string
  /** The column the list is sorted by now (its default when the URL names none). */
  sortBy: C | undefined
  sortDesc: boolean
  onSort: (next: { sortBy: C; sortDesc: boolean }) => void
  className?: string
}) {
  const active = sortBy === column
  const sort = active ? (sortDesc ? 'descending' : 'ascending') : 'none'
  return (
    <th scope="col" aria-sort={sort} className={className}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ sortBy: column, sortDesc: active && !sortDesc })}
      >
        {label} {active && (sortDesc ? '↓' : '↑')}
      </button>
    </th>
  )
}
