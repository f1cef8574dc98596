import { createFileRoute } from '@tanstack/react-router'
import { CoaConfigPage } from '../features/accounting/CoaConfigPage.tsx'
import { coaConfigQuery } from '../features/accounting/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/coa-config')({
  staticData: { strings: ['accounting'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/coa-config', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(coaConfigQuery()),
  component: CoaConfigPage,
})
