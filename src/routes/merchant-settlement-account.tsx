import { createFileRoute } from '@tanstack/react-router'
import { SettlementAccountsPage } from '../features/payments/SettlementAccountsPage.tsx'
import { settlementAccountsQuery, settlementsQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/merchant-settlement-account')({
  staticData: { strings: ['payments'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/merchant-settlement-account', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(settlementAccountsQuery()),
      context.queryClient.ensureQueryData(settlementsQuery()),
    ]),
  component: SettlementAccountsPage,
})
