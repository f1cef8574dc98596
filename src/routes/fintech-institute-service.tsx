import { createFileRoute } from '@tanstack/react-router'
import { InstituteServicesPage } from '../features/payments/InstituteServicesPage.tsx'
import { instituteServicesQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/fintech-institute-service')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/fintech-institute-service', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(instituteServicesQuery()),
  component: InstituteServicesPage,
})
