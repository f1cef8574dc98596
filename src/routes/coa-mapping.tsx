import { createFileRoute } from '@tanstack/react-router'
import { CoaMappingPage } from '../features/accounting/CoaMappingPage.tsx'
import { chartQuery, coaMappingQuery } from '../features/accounting/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/coa-mapping')({
  staticData: { strings: ['accounting'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/coa-mapping', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(coaMappingQuery()),
      // The accounts to choose from, for those who may read the chart.
      context.ability.can('read', 'coa') && context.queryClient.ensureQueryData(chartQuery()),
    ]),
  component: CoaMappingPage,
})
