import { OnlinePaymentPage } from '../../features/admission/OnlinePaymentPage.tsx'
import { loadOnlineQuote } from '../../features/admission/payment-loaders.ts'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { OnlinePaymentSearchSchema } from '../../shared/schemas/payments.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'institute', { form: string; application: string }>({
  search: OnlinePaymentSearchSchema,
  load: (queryClient, { params, search }) =>
    loadOnlineQuote(queryClient, params.institute, search.application),
  Page: function OnlinePaymentRoute({ params, search }) {
    usePageTakeover()
    return (
      <OnlinePaymentPage
        institute={params.institute}
        formId={search.form}
        temporaryId={search.application}
      />
    )
  },
})
