import type { ComponentType } from 'react'
import {
  ComingSoonPage,
  ConnectionErrorPage,
  ErrorPage,
  NotAuthorizedPage,
  NotFoundPage,
  UnderMaintenancePage,
} from '../../components/status/StatusPages.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import type { statusPagePaths } from '../../shared/public-pages.ts'
import { publicPage, type PublicPage } from '../public-page.ts'

/** A status page (spec §2's error and status pages): nothing to read, one way on. */
const statusPage = (Status: ComponentType) =>
  publicPage<never>({
    load: async () => undefined,
    Page: function StatusRoute() {
      usePageTakeover()
      return <Status />
    },
  })

/** Each status page by its path. */
export const statusPages: Record<(typeof statusPagePaths)[number], PublicPage> = {
  '/error-404': statusPage(NotFoundPage),
  '/pages/miscellaneous/coming-soon': statusPage(ComingSoonPage),
  '/pages/miscellaneous/not-authorized': statusPage(NotAuthorizedPage),
  '/pages/miscellaneous/error': statusPage(ErrorPage),
  '/miscellaneous/under-maintenance': statusPage(UnderMaintenancePage),
  '/miscellaneous/connection-error': statusPage(ConnectionErrorPage),
}
