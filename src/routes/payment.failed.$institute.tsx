import { createFileRoute } from '@tanstack/react-router'
import { PaymentNotFound } from '../features/admission/NotFound.tsx'
import { PaymentOutcomePage } from '../features/admission/PaymentOutcomePage.tsx'
import { loadPaymentOutcome } from '../features/admission/payment-loaders.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { PaymentOutcomeSearchSchema } from '../shared/schemas/payments.ts'

/** Where the gateway sends the payer back; the page shows what the server verified. */
export const Route = createFileRoute('/payment/failed/$institute')({
  validateSearch: PaymentOutcomeSearchSchema,
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/payment/failed/$institute', location.href),
  loaderDeps: ({ search }) => ({ reference: search.reference }),
  loader: ({ context, deps }) => loadPaymentOutcome(context.queryClient, deps.reference),
  notFoundComponent: PaymentNotFound,
  component: function PaymentOutcome() {
    return <PaymentOutcomePage reference={Route.useSearch().reference} />
  },
})
