import { ReceiptVerifyPage } from '../../features/receipt-verify/ReceiptVerifyPage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { usePageParams } from '../params.ts'

export default function ReceiptVerifyRoute() {
  usePageTakeover()
  return <ReceiptVerifyPage code={usePageParams('code').code} />
}
