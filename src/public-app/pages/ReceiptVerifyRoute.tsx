import { loadReceiptVerification } from '../../features/receipt-verify/loaders.ts'
import { ReceiptNotFound, ReceiptVerifyError } from '../../features/receipt-verify/NotFound.tsx'
import { ReceiptVerifyPage } from '../../features/receipt-verify/ReceiptVerifyPage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'code'>({
  load: (queryClient, { params }) => loadReceiptVerification(queryClient, params.code),
  Page: function ReceiptVerifyRoute({ params }) {
    usePageTakeover()
    return <ReceiptVerifyPage code={params.code} />
  },
  NotFound: ({ params }) => <ReceiptNotFound code={params.code} />,
  Error: ReceiptVerifyError,
})
