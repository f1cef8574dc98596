import { createFileRoute } from '@tanstack/react-router'
import { MerchantsPage } from '../features/payments/MerchantsPage.tsx'
import { gatewaysQuery, merchantsQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/fintech-merchant')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/fintech-merchant', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(merchantsQuery()),
      context.queryClient.ensureQueryData(gatewaysQuery()),
    ]),
  component: MerchantsPage,
})
