import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { loadApplication, loadForm, loadInstitute } from '../features/admission/loaders.ts'
import {
  ApplicationNotFound,
  FormNotFound,
  InstituteNotFound,
  PaymentNotFound,
} from '../features/admission/NotFound.tsx'
import { loadReceiptVerification } from '../features/receipt-verify/loaders.ts'
import { ReceiptNotFound, ReceiptVerifyError } from '../features/receipt-verify/NotFound.tsx'
import { usePageParams } from './params.ts'
import { loadOnlineQuote, loadPaymentOutcome } from '../features/admission/payment-loaders.ts'
import {
  OnlinePaymentSearchSchema,
  PaymentOutcomeSearchSchema,
} from '../shared/schemas/payments.ts'
import { StudentInvoiceSearchSchema } from '../shared/schemas/student-invoice.ts'
import { PublicRoot } from './PublicRoot.tsx'
import { signupStatusQuery } from '../features/auth/queries.ts'
import * as v from 'valibot'

/**
 * The pages anyone may open, as a route tree of their own: the applicants' pages are rendered
 * on the server for their first visit and hydrated by a lean entry (main.tsx) that never loads
 * the staff tree, its guards and layouts. Paths are the staff tree's (src/routes), so links in
 * shared components work in both; a link out of this tree is a full page load.
 */
interface PublicRouterContext {
  queryClient: QueryClient
}

const root = createRootRouteWithContext<PublicRouterContext>()({
  component: PublicRoot,
  // Not one of these pages (a staff page, password recovery): the server serves the right app.
  notFoundComponent: function LeavePublicPages() {
    if (typeof window !== 'undefined') window.location.reload()
    return null
  },
})

const institute = createRoute({
  getParentRoute: () => root,
  path: '/admission/$institute',
  loader: ({ context, params }) => loadInstitute(context.queryClient, params.institute),
  notFoundComponent: InstituteNotFound,
  component: lazyRouteComponent(() => import('./pages/InstituteRoute.tsx')),
})

const form = createRoute({
  getParentRoute: () => root,
  path: '/admission/$institute/$formId',
  loader: ({ context, params }) => loadForm(context.queryClient, params.institute, params.formId),
  notFoundComponent: function NotFound() {
    return <FormNotFound institute={usePageParams('institute').institute} />
  },
  component: lazyRouteComponent(() => import('./pages/FormRoute.tsx')),
})

const application = createRoute({
  getParentRoute: () => root,
  path: '/admission/$institute/$formId/temporaryId/$temporaryId',
  loader: ({ context, params }) =>
    loadApplication(context.queryClient, params.institute, params.temporaryId),
  notFoundComponent: ApplicationNotFound,
  component: lazyRouteComponent(() => import('./pages/ApplicationRoute.tsx')),
})

const login = createRoute({
  getParentRoute: () => root,
  path: '/login',
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Whether visitors may create an account: part of the page, so the link does not pop in.
  loader: ({ context }) => context.queryClient.ensureQueryData(signupStatusQuery()).catch(() => {}),
  component: lazyRouteComponent(() => import('./pages/LoginRoute.tsx')),
})

const receiptVerification = createRoute({
  getParentRoute: () => root,
  path: '/receipt/verify/$code',
  loader: ({ context, params }) => loadReceiptVerification(context.queryClient, params.code),
  notFoundComponent: function NotFound() {
    return <ReceiptNotFound code={usePageParams('code').code} />
  },
  errorComponent: ReceiptVerifyError,
  component: lazyRouteComponent(() => import('./pages/ReceiptVerifyRoute.tsx')),
})

const onlinePayment = createRoute({
  getParentRoute: () => root,
  path: '/admission/payment/$institute/online-payment',
  validateSearch: OnlinePaymentSearchSchema,
  loaderDeps: ({ search }) => ({ application: search.application }),
  loader: ({ context, params, deps }) =>
    loadOnlineQuote(context.queryClient, params.institute, deps.application),
  component: lazyRouteComponent(() => import('./pages/OnlinePaymentRoute.tsx')),
})

/** Where the gateway sends the payer back (both one page: it shows what the server verified). */
const paymentOutcome = (kind: 'successful' | 'failed') =>
  createRoute({
    getParentRoute: () => root,
    path: `/payment/${kind}/$institute`,
    validateSearch: PaymentOutcomeSearchSchema,
    loaderDeps: ({ search }) => ({ reference: search.reference }),
    loader: ({ context, deps }) => loadPaymentOutcome(context.queryClient, deps.reference),
    notFoundComponent: PaymentNotFound,
    component: lazyRouteComponent(() => import('./pages/PaymentOutcomeRoute.tsx')),
  })

const studentInvoice = createRoute({
  getParentRoute: () => root,
  path: '/student/invoice',
  validateSearch: StudentInvoiceSearchSchema,
  loaderDeps: ({ search }) => ({ institute: search.institute }),
  loader: ({ context, deps }) => loadInstitute(context.queryClient, deps.institute),
  notFoundComponent: InstituteNotFound,
  component: lazyRouteComponent(() => import('./pages/StudentInvoiceRoute.tsx')),
})

export const publicRouteTree = root.addChildren([
  institute,
  form,
  application,
  login,
  receiptVerification,
  onlinePayment,
  paymentOutcome('successful'),
  paymentOutcome('failed'),
  studentInvoice,
])

/** Each page's component module by route id, whose chunk the server preloads with the page. */
export const pageModules: Record<string, string> = {
  '/admission/$institute': 'public-app/pages/InstituteRoute.tsx',
  '/admission/$institute/$formId': 'public-app/pages/FormRoute.tsx',
  '/admission/$institute/$formId/temporaryId/$temporaryId': 'public-app/pages/ApplicationRoute.tsx',
  '/login': 'public-app/pages/LoginRoute.tsx',
  '/receipt/verify/$code': 'public-app/pages/ReceiptVerifyRoute.tsx',
  '/admission/payment/$institute/online-payment': 'public-app/pages/OnlinePaymentRoute.tsx',
  '/payment/successful/$institute': 'public-app/pages/PaymentOutcomeRoute.tsx',
  '/payment/failed/$institute': 'public-app/pages/PaymentOutcomeRoute.tsx',
  '/student/invoice': 'public-app/pages/StudentInvoiceRoute.tsx',
}
