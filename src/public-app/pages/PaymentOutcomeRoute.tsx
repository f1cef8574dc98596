import { PaymentNotFound } from '../../features/admission/NotFound.tsx'
import { PaymentOutcomePage } from '../../features/admission/PaymentOutcomePage.tsx'
import { loadPaymentOutcome } from '../../features/admission/payment-loaders.ts'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { PaymentOutcomeSearchSchema } from '../../shared/schemas/payments.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'institute', { reference: string }>({
  search: PaymentOutcomeSearchSchema,
  load: (queryClient, { search }) => loadPaymentOutcome(queryClient, search.reference),
  Page: function PaymentOutcomeRoute({ search }) {
    usePageTakeover()
    return <PaymentOutcomePage reference={search.reference} />
  },
  NotFound: PaymentNotFound,
})
