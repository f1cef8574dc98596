import * as v from 'valibot'
import { accountPagePaths, statusPagePaths } from '../shared/public-pages.ts'
import type { PageProps, PublicPage } from './public-page.ts'

/**
 * The pages anyone may open. Each is a document of its own: rendered on the server for the
 * visit (entry-server.tsx) and taken over in the browser by hydrating that page alone
 * (start.tsx), with no router — a link to another page loads it, which the server renders (and
 * the service worker keeps for offline visits). Paths are the staff tree's (src/routes), which
 * shows the same pages when the service worker has no copy of one.
 */
const pages: { path: string; module: string; open(): Promise<{ default: PublicPage }> }[] = [
  {
    path: '/admission/$institute',
    module: 'public-app/pages/InstituteRoute.tsx',
    open: () => import('./pages/InstituteRoute.tsx'),
  },
  {
    path: '/admission/$institute/$formId',
    module: 'public-app/pages/FormRoute.tsx',
    open: () => import('./pages/FormRoute.tsx'),
  },
  {
    path: '/admission/$institute/$formId/temporaryId/$temporaryId',
    module: 'public-app/pages/ApplicationRoute.tsx',
    open: () => import('./pages/ApplicationRoute.tsx'),
  },
  {
    path: '/admission/$institute/$formId/temporaryId/$temporaryId/attachment',
    module: 'public-app/pages/AttachmentRoute.tsx',
    open: () => import('./pages/AttachmentRoute.tsx'),
  },
  {
    path: '/login',
    module: 'public-app/pages/LoginRoute.tsx',
    open: () => import('./pages/LoginRoute.tsx'),
  },
  {
    path: '/receipt/verify/$code',
    module: 'public-app/pages/ReceiptVerifyRoute.tsx',
    open: () => import('./pages/ReceiptVerifyRoute.tsx'),
  },
  {
    path: '/admission/payment/$institute/online-payment',
    module: 'public-app/pages/OnlinePaymentRoute.tsx',
    open: () => import('./pages/OnlinePaymentRoute.tsx'),
  },
  // Where the gateway sends the payer back (both one page: it shows what the server verified).
  ...['successful', 'failed'].map((kind) => ({
    path: `/payment/${kind}/$institute`,
    module: 'public-app/pages/PaymentOutcomeRoute.tsx',
    open: () => import('./pages/PaymentOutcomeRoute.tsx'),
  })),
  {
    path: '/student/invoice',
    module: 'public-app/pages/StudentInvoiceRoute.tsx',
    open: () => import('./pages/StudentInvoiceRoute.tsx'),
  },
  // The account's guest pages (registering, recovery), one module for all.
  ...accountPagePaths.map((path) => ({
    path,
    module: 'public-app/pages/AccountRoutes.tsx',
    open: () =>
      import('./pages/AccountRoutes.tsx').then((m) => ({ default: m.accountPages[path] })),
  })),
  // The status pages, one module for all.
  ...statusPagePaths.map((path) => ({
    path,
    module: 'public-app/pages/StatusRoutes.tsx',
    open: () => import('./pages/StatusRoutes.tsx').then((m) => ({ default: m.statusPages[path] })),
  })),
]

export interface PageMatch {
  page: PublicPage
  /** The page's module, whose chunk the server names with the page. */
  module: string
  props: PageProps
  /** The query did not fit the page's: nothing to read, the page's "not found". */
  badSearch: boolean
}

/** A path segment as written, or undefined when it is no text (a stray `%`) or empty. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment) || undefined
  } catch {
    return undefined
  }
}

/** The public page at an address, its module loaded, with its parameters and query checked. */
export async function matchPage(url: URL): Promise<PageMatch | undefined> {
  const segments = url.pathname.replace(/\/$/, '').split('/')
  for (const candidate of pages) {
    const pattern = candidate.path.split('/')
    if (pattern.length !== segments.length) continue
    const params: Record<string, string> = {}
    const fits = pattern.every((part, i) => {
      const segment = segments[i]!
      if (!part.startsWith('$')) return part === segment
      const value = decoded(segment)
      if (value === undefined) return false
      params[part.slice(1)] = value
      return true
    })
    if (!fits) continue
    const { default: page } = await candidate.open()
    const query = Object.fromEntries(url.searchParams)
    const search = page.search ? v.safeParse(page.search, query) : undefined
    return {
      page,
      module: candidate.module,
      props: { params, search: search?.success ? search.output : query },
      badSearch: search?.success === false,
    }
  }
  return undefined
}
