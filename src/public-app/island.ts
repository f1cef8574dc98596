import type { DehydratedState } from '@tanstack/react-query'
import type { Locale } from '../lib/i18n.ts'

/**
 * The data a server-rendered page hands to the browser: JSON in a
 * `<script type="application/json">`, which the browser never runs, so the page keeps its
 * `script-src 'self'` policy. The browser takes the page over from it (start.tsx).
 */
export const islandId = 'page-data'

/** What the server showed: the page, its "not found", or its error (the reads failed). */
export type PageOutcome = 'page' | 'not-found' | 'error'

export interface Island {
  locale: Locale
  outcome: PageOutcome
  /** The reads the page's loader made, for the client's query cache. */
  queries: DehydratedState
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
