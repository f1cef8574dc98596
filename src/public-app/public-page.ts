import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type * as v from 'valibot'
import type { PageErrorProps } from '../components/AppErrorBoundary.tsx'
import type { StringArea } from '../lib/string-areas.ts'

/** What a public page is given: its address's parameters and its query, checked. */
export interface PageProps<P extends string = string, S = Record<string, unknown>> {
  params: Record<P, string>
  search: S
}

/**
 * A public page, as its module (src/public-app/pages/) exports it: all it needs and nothing of
 * the other pages, so a visit loads only its own.
 */
export interface PublicPage<P extends string = string, S = Record<string, unknown>> {
  /** The address's query, checked; a query that does not fit is the page's "not found". */
  search?: v.GenericSchema<unknown, S>
  /** What is read before rendering; throws `notFound()` (lib/not-found.ts) when none is there. */
  load(queryClient: QueryClient, props: PageProps<P, S>): Promise<unknown>
  Page: ComponentType<PageProps<P, S>>
  NotFound?: ComponentType<PageProps<P, S>>
  /** Shown when the read failed otherwise; RouteError when not given. */
  Error?: ComponentType<PageErrorProps>
  /** The areas whose strings it shows besides the common ones (lib/string-areas.ts). */
  strings?: readonly StringArea[]
  /**
   * Where the browser goes instead, by what only it holds (a signed-in user on a guest's page,
   * a flow's later step opened without the earlier ones); undefined to stay.
   */
  elsewhere?(): string | undefined
  /**
   * The page shows what only this browser holds (a flow's earlier steps): its app starts as
   * soon as the page has loaded, not at the visitor's first touch (main.tsx).
   */
  startsAtOnce?: boolean
}

/** A page module's default export, typed by the parameters and query it reads. */
export const publicPage = <P extends string, S = Record<string, never>>(
  page: PublicPage<P, S>,
): PublicPage => page as unknown as PublicPage
