import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { voucherQuery } from '../features/accounting/queries.ts'
import { VoucherPage } from '../features/accounting/VoucherPage.tsx'
import { httpStatus } from '../lib/api.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/vouchers_/$voucherId')({
  staticData: { strings: ['accounting'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/vouchers/$voucherId', location.href),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(voucherQuery(params.voucherId))
    } catch (err) {
      if (httpStatus(err) === 404 || httpStatus(err) === 422) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
  component: function Voucher() {
    return <VoucherPage voucherId={Route.useParams().voucherId} />
  },
})
