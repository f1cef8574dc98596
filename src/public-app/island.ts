import type { DehydratedState } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import type { Locale } from '../lib/i18n.ts'

/**
 * The data a server-rendered page hands to the browser: JSON in a
 * `<script type="application/json">`, which the browser never runs, so the page keeps its
 * `script-src 'self'` policy (TanStack Router's own SSR writes inline scripts). The client
 * feeds the router's documented hydration (`RouterClient`) from it.
 */
export const islandId = 'page-data'

export interface Island {
  locale: Locale
  /** The matched routes as TanStack Router's `hydrate()` reads them from `window.$_TSR.router`. */
  router: { matches: DehydratedMatch[] }
  /** The reads the page's loaders made, for the client's query cache. */
  queries: DehydratedState
}

/** Router-core's dehydrated match (`dehydrateMatch` in its ssr-server module, not exported). */
interface DehydratedMatch {
  i: string
  u: number
  s: string
  l?: unknown
  b?: unknown
  e?: unknown
  ssr?: unknown
  g?: true
}

/** A loaded router's matches, each as router-core dehydrates it; ids with `/` written `#`. */
export function dehydratedMatches(router: AnyRouter): DehydratedMatch[] {
  return router.stores.matches.get().map((match) => {
    const dehydrated: DehydratedMatch = {
      i: match.id.replaceAll('/', '#'),
      u: match.updatedAt,
      s: match.status,
    }
    const context = (match as { __beforeLoadContext?: unknown }).__beforeLoadContext
    if (context !== undefined) dehydrated.b = context
    if (match.loaderData !== undefined) dehydrated.l = match.loaderData
    if (match.error !== undefined) dehydrated.e = plainError(match.error)
    if (match.ssr !== undefined) dehydrated.ssr = match.ssr
    if (match._notFound) dehydrated.g = true
    return dehydrated
  })
}

/** An Error as JSON keeps nothing: its name and message are what a page shows. */
function plainError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  return { name: error.name, message: error.message }
}

/** The island's element; `<` escaped so no value can end it early. */
export function islandTag(island: Island): string {
  const json = JSON.stringify(island).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${islandId}">${json}</script>`
}

export function readIsland(): Island | undefined {
  const text = document.getElementById(islandId)?.textContent
  return text ? (JSON.parse(text) as Island) : undefined
}
