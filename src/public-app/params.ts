import { useParams } from '@tanstack/react-router'

/**
 * A public page's path parameters. Route types are the staff tree's (the registered router),
 * whose ids differ from this tree's, so the page reads its own match loosely and checks it.
 */
export function usePageParams<K extends string>(...names: K[]): Record<K, string> {
  const params = useParams({
    strict: false,
    select: (all): Record<string, unknown> => all,
  })
  for (const name of names) {
    if (typeof params[name] !== 'string') throw new Error(`missing path parameter ${name}`)
  }
  return params as Record<K, string>
}
