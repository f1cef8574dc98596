import { listQueryDefaults } from '../shared/schemas/list.ts'

/**
 * The read a path asks for, however it is written: the same list reached from the menu
 * (`students`), by a reload of its address (`students?q=&page=1&perPage=10&sortDesc=false`) or
 * with its parameters in another order is one read, so a copy kept one way opens the other way.
 * Empty parameters and the lists' defaults are left out, the rest in a fixed order.
 */
export function readOf(path: string): string {
  const query = path.indexOf('?')
  if (query < 0) return path
  const defaults: Record<string, string> = Object.fromEntries(
    Object.entries(listQueryDefaults).map(([name, value]) => [name, String(value)]),
  )
  const params = [...new URLSearchParams(path.slice(query + 1))]
    .filter(([name, value]) => value !== '' && defaults[name] !== value)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
  const endpoint = path.slice(0, query)
  return params.length ? `${endpoint}?${new URLSearchParams(params).toString()}` : endpoint
}
