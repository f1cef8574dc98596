import type { Area } from '../../lib/area.ts'
import { sandboxPageRoutes } from './gateways/sandbox-pages.ts'
import { franchiseRevenueRoutes } from './franchise-revenue.ts'
import { merchantRoutes } from './merchants.ts'
import { intentRoutes } from './intents.ts'
import { notificationRoutes } from './notifications.ts'
import { publicPaymentRoutes, type PublicPaymentLimits } from './public-payments.ts'
import { paymentSetupRoutes } from './services.ts'
import { settlementRoutes } from './settlements.ts'
import { reconcileJobKind } from './reconcile.ts'

export const paymentsArea = (limits?: PublicPaymentLimits): Area => ({
  name: 'payments',
  mounts: [
    { path: '/payments/merchants', routes: merchantRoutes },
    { path: '/payments/intents', routes: intentRoutes },
    { path: '/payments/franchise-revenue', routes: franchiseRevenueRoutes },
    { path: '/payments/settlements', routes: settlementRoutes },
    { path: '/payments/public', routes: publicPaymentRoutes(limits) },
    { path: '/payments/notify', routes: notificationRoutes },
    { path: '/payments/sandbox', routes: sandboxPageRoutes },
    { path: '/payments', routes: paymentSetupRoutes },
  ],
  publicEndpoints: [
    // Payers (applicants, guardians): no account; rate limited per IP; the server fixes amounts;
    // a guardian's details are throttled as sign-in is.
    'GET /api/payments/public/:institute/applications/:temporaryId/quote',
    'POST /api/payments/public/:institute/student-invoices',
    'POST /api/payments/public/:institute/intents',
    'GET /api/payments/public/intents/:reference',
    // Gateways' notifications: believed only once signed and confirmed by the gateway's API.
    'POST /api/payments/notify/:provider',
    // The built-in sandbox gateway's hosted page (test payments only).
    'GET /api/payments/sandbox/:sessionId',
    'POST /api/payments/sandbox/:sessionId',
  ],
  idempotencySubjects: ['payment'],
  // A gateway sends the payer back with a POST (SSLCommerz does): the page is a GET.
  pages: [
    async (c, next) => {
      if (
        c.req.method === 'POST' &&
        /^\/payment\/(successful|failed)\/[^/]+\/?$/.test(c.req.path)
      ) {
        return c.redirect(c.req.url, 303)
      }
      await next()
    },
  ],
  jobKinds: (jobs, _files, services) => jobs.register(reconcileJobKind(services)),
})
