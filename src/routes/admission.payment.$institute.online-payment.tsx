import { createFileRoute } from '@tanstack/react-router'
import { OnlinePaymentPage } from '../features/admission/OnlinePaymentPage.tsx'
import { loadOnlineQuote } from '../features/admission/payment-loaders.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { OnlinePaymentSearchSchema } from '../shared/schemas/payments.ts'

export const Route = createFileRoute('/admission/payment/$institute/online-payment')({
  validateSearch: OnlinePaymentSearchSchema,
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission/payment/$institute/online-payment', location.href),
  loaderDeps: ({ search }) => ({ application: search.application }),
  loader: ({ context, params, deps }) =>
    loadOnlineQuote(context.queryClient, params.institute, deps.application),
  component: function OnlinePayment() {
    const { form, application } = Route.useSearch()
    return (
      <OnlinePaymentPage
        institute={Route.useParams().institute}
        formId={form}
        temporaryId={application}
      />
    )
  },
})
