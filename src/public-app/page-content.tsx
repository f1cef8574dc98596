import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { RouteError } from '../components/offline/RouteError.tsx'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
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

/** The page's content for an outcome: the same on the server and in the browser. */
export function pageContent(match: PageMatch, loaded: LoadedPage): ReactNode {
  const { page, props } = match
  if (loaded.outcome === 'page') return <page.Page {...props} />
  if (loaded.outcome === 'not-found') {
    const NotFound = page.NotFound
    return NotFound ? <NotFound {...props} /> : <NotFoundPage />
  }
  const Failed = page.Error ?? RouteError
  return <Failed error={loaded.error} />
}
