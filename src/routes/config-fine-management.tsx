import { createFileRoute } from '@tanstack/react-router'
import { FinePage } from '../features/fees/rules/FinePage.tsx'
import { fineRulesQuery } from '../features/fees/rules/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/config-fine-management')({
  staticData: { strings: ['fees'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/config-fine-management', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(fineRulesQuery()),
  component: FinePage,
})
