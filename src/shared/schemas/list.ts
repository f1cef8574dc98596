import * as v from 'valibot'

/** A whole number from a query string or a search param, at least 1 and at most `max`. */
const wholeNumber = (max: number) =>
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.number('not_a_number'),
    v.integer('not_whole_number'),
    v.minValue(1, 'must_be_at_least'),
    v.maxValue(max, 'must_be_at_most'),
  )

const flag = v.pipe(
  v.union([v.picklist(['true', 'false', '1', '0']), v.boolean()]),
  v.transform((value) => value === true || value === 'true' || value === '1'),
)

/** What a list's query means when it leaves a parameter out. */
export const listQueryDefaults = { q: '', page: 1, perPage: 10, sortDesc: false } as const

/** `?q=&page=&perPage=&sortBy=&sortDesc=` of every list (DESIGN §5), with its sortable columns. */
export function listQuerySchema<const S extends string>(sortable: readonly [S, ...S[]]) {
  return v.object({
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), listQueryDefaults.q),
    page: v.optional(wholeNumber(100_000), listQueryDefaults.page),
    perPage: v.optional(wholeNumber(100), listQueryDefaults.perPage),
    sortBy: v.optional(v.picklist(sortable, 'unknown_sort')),
    sortDesc: v.optional(flag, listQueryDefaults.sortDesc),
  })
}

/** `{ data, total, page, perPage }` around the items of one page. */
export function pagedSchema<T extends v.GenericSchema>(item: T) {
  return v.object({ data: v.array(item), total: v.number(), page: v.number(), perPage: v.number() })
}
