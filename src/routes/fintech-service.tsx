import { createFileRoute } from '@tanstack/react-router'
import { ServicesPage } from '../features/payments/ServicesPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/fintech-service')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/fintech-service', location.href),
  component: ServicesPage,
})
