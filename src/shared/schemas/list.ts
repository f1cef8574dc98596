import * as v from 'valibot'

/** A whole number from a query string or a search param, at least 1 and at most `max`. */
const wholeNumber = (max: number) =>
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.number('Must be a number.'),
    v.integer('Must be a whole number.'),
    v.minValue(1, 'Must be at least 1.'),
    v.maxValue(max, `Must be at most ${max}.`),
  )

const flag = v.pipe(
  v.union([v.picklist(['true', 'false', '1', '0']), v.boolean()]),
  v.transform((value) => value === true || value === 'true' || value === '1'),
)

/** `?q=&page=&perPage=&sortBy=&sortDesc=` of every list (DESIGN §5), with its sortable columns. */
export function listQuerySchema<const S extends string>(sortable: readonly [S, ...S[]]) {
  return v.object({
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
    page: v.optional(wholeNumber(100_000), 1),
    perPage: v.optional(wholeNumber(100), 10),
    sortBy: v.optional(v.picklist(sortable, 'Cannot sort by this column.')),
    sortDesc: v.optional(flag, false),
  })
}

/** `{ data, total, page, perPage }` around the items of one page. */
export function pagedSchema<T extends v.GenericSchema>(item: T) {
  return v.object({ data: v.array(item), total: v.number(), page: v.number(), perPage: v.number() })
}
