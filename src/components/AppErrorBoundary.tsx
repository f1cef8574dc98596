import { useEffect } from 'react'
import type { ClientErrorReport } from '../shared/schemas/system.ts'
import { navigateTo } from '../lib/navigation.ts'
import { ErrorPage } from './status/StatusPages.tsx'

/** What a page shown in place of another that failed is given (the router's error props). */
export interface PageErrorProps {
  error: unknown
}

const connectionErrorPage = '/miscellaneous/connection-error'

const isNetworkFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'NetworkError'

/**
 * Any error a page throws: reported to the server's log, then the error page is shown. A page
 * that could not load for want of a network (nothing cached to show) goes to the
 * connection-error page instead (§4).
 */
export function AppErrorBoundary({ error }: PageErrorProps) {
  const offline = isNetworkFailure(error)
  useEffect(() => {
    if (offline) {
      void navigateTo(connectionErrorPage, { replace: true })
      return
    }
    const err = error instanceof Error ? error : new Error(String(error))
    const report: ClientErrorReport = {
      message: (err.message || err.name).slice(0, 2000),
      url: window.location.href.slice(0, 2000),
      stack: err.stack?.slice(0, 8000),
      release: __APP_VERSION__,
    }
    // Loaded on demand: the API client is not part of the first screen.
    import('../lib/api.ts')
      .then(({ api }) => api.post('client-errors', { json: report }))
      .catch(() => undefined)
  }, [error, offline])
  return offline ? null : <ErrorPage />
}
