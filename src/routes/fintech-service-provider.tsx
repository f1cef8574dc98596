import { createFileRoute } from '@tanstack/react-router'
import { GatewaysPage } from '../features/payments/GatewaysPage.tsx'
import { gatewaysQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/fintech-service-provider')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/fintech-service-provider', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(gatewaysQuery()),
  component: GatewaysPage,
})
