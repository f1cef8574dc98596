import { useCallback } from 'react'

/** The part of a list's URL search every paged list has (`?q=&page=&perPage=&sortBy=&sortDesc=`). */
interface ListSearch {
  q?: string
  page: number
  perPage: number
  sortBy?: string | undefined
  sortDesc?: boolean
}

type SortColumn<S extends ListSearch> = NonNullable<S['sortBy']>

/** How a list is sorted now, and how a column header changes it (for `SortHeader`/`HeaderRow`). */
export interface Sorting<C extends string> {
  /** The column the list is sorted by now (its default when the URL names none). */
  sortBy: C | undefined
  sortDesc: boolean
  onSort: (next: { sortBy: C; sortDesc: boolean }) => void
}

/** Where a list is among its pages, and how the pager moves it (for `PagedTable`). */
interface Paging {
  page: number
  perPage: number
  onPage: (next: { page: number; perPage: number }) => void
}

/**
 * The search, filters, sorting and paging of a list page whose state lives in the URL.
 *
 * - `setSearch`: a filter changed, so the list starts again at its first page;
 * - `onSearch`: what was typed in the search box (for `SearchBox`);
 * - `sorting`: for the sortable column headers; `defaultSort` is the order the server uses when
 *   the URL names none (`sortDesc` left out: the URL's `sortDesc` still applies);
 * - `paging`: for the pager under the table.
 */
export function useListSearch<S extends ListSearch>(
  search: S,
  onSearchChange: (next: Partial<S>) => void,
  defaultSort?: { sortBy: SortColumn<S>; sortDesc?: boolean },
) {
  const setSearch = useCallback(
    (next: Partial<S>) => onSearchChange({ page: 1, ...next }),
    [onSearchChange],
  )
  const onSearch = useCallback((q: string) => setSearch({ q } as Partial<S>), [setSearch])
  const sortDesc = search.sortDesc ?? false
  const sorting: Sorting<SortColumn<S>> = {
    sortBy: (search.sortBy as SortColumn<S> | undefined) ?? defaultSort?.sortBy,
    sortDesc: search.sortBy ? sortDesc : (defaultSort?.sortDesc ?? sortDesc),
    onSort: (next) => onSearchChange(next as Partial<S>),
  }
  const paging: Paging = {
    page: search.page,
    perPage: search.perPage,
    onPage: (next) => onSearchChange(next as Partial<S>),
  }
  return { setSearch, onSearch, sorting, paging }
}
