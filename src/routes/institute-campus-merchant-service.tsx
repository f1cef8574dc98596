import { createFileRoute } from '@tanstack/react-router'
import { CampusMerchantsPage } from '../features/payments/CampusMerchantsPage.tsx'
import { campusMerchantsQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/institute-campus-merchant-service')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/institute-campus-merchant-service', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(campusMerchantsQuery()),
  component: CampusMerchantsPage,
})
