import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouteError } from '../components/offline/RouteError.tsx'
import { publicRouteTree } from './routes.tsx'

/** The public pages' router, on the server for one request or in the browser for the visit. */
export function createPublicRouter(options: {
  queryClient: QueryClient
  i18n: I18n
  history?: RouterHistory
}) {
  const { queryClient, i18n, history } = options
  return createRouter({
    routeTree: publicRouteTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    ...(history && { history }),
    Wrap: function Providers({ children }: { children: ReactNode }) {
      return (
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nProvider>
      )
    },
  })
}
