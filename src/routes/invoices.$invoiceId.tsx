import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { InvoicePage } from '../features/fees/invoices/InvoicePage.tsx'
import { invoiceQuery } from '../features/fees/invoices/queries.ts'
import { httpStatus } from '../lib/api.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/invoices/$invoiceId')({
  staticData: { strings: ['fees'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/invoices/$invoiceId', location.href),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(invoiceQuery(params.invoiceId))
    } catch (err) {
      if (httpStatus(err) === 404 || httpStatus(err) === 422) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
  component: function Invoice() {
    return <InvoicePage invoiceId={Route.useParams().invoiceId} />
  },
})
