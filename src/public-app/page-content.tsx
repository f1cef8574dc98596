import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { isNotFound } from '../lib/not-found.ts'
import type { PageOutcome } from './island.ts'
import type { PageMatch } from './pages.ts'

export interface LoadedPage {
  outcome: PageOutcome
  error?: unknown
}

/** What a page's loader made of its address: the page, its "not found", or the error. */
export async function loadPage(match: PageMatch, queryClient: QueryClient): Promise<LoadedPage> {
  if (match.badSearch) return { outcome: 'not-found' }
  try {
    await match.page.load(queryClient, match.props)
    return { outcome: 'page' }
  } catch (error) {
    return isNotFound(error) ? { outcome: 'not-found' } : { outcome: 'error', error }
  }
}

/**
 * The page's content for an outcome: the same on the server and in the browser. The general
 * error and "not found" pages are fetched only when one is shown.
 */
export async function pageContent(match: PageMatch, loaded: LoadedPage): Promise<ReactNode> {
  const { page, props } = match
  if (loaded.outcome === 'page') return <page.Page {...props} />
  if (loaded.outcome === 'not-found') {
    if (page.NotFound) return <page.NotFound {...props} />
    const { NotFoundPage } = await import('../components/status/StatusPages.tsx')
    return <NotFoundPage />
  }
  const Failed = page.Error ?? (await import('../components/offline/RouteError.tsx')).RouteError
  return <Failed error={loaded.error} />
}
