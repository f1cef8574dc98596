import { createFileRoute } from '@tanstack/react-router'
import { loadReceiptVerification } from '../features/receipt-verify/loaders.ts'
import { ReceiptNotFound, ReceiptVerifyError } from '../features/receipt-verify/NotFound.tsx'
import { ReceiptVerifyPage } from '../features/receipt-verify/ReceiptVerifyPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/receipt/verify/$code')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/receipt/verify/$code', location.href),
  loader: ({ context, params }) => loadReceiptVerification(context.queryClient, params.code),
  notFoundComponent: function NotFound() {
    return <ReceiptNotFound code={Route.useParams().code} />
  },
  errorComponent: ReceiptVerifyError,
  component: function ReceiptVerify() {
    return <ReceiptVerifyPage code={Route.useParams().code} />
  },
})
