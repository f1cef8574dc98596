import { createFileRoute } from '@tanstack/react-router'
import { VatPage } from '../features/fees/rules/VatPage.tsx'
import { vatRatesQuery } from '../features/fees/rules/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/vat-config')({
  staticData: { strings: ['fees'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/vat-config', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(vatRatesQuery()),
  component: VatPage,
})
