import { createFileRoute } from '@tanstack/react-router'
import { calendarQuery, trialBalanceQuery } from '../features/accounting/queries.ts'
import { TrialBalanceSearchSchema } from '../features/accounting/search.ts'
import { TrialBalancePage } from '../features/accounting/TrialBalancePage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(TrialBalanceSearchSchema)

export const Route = createFileRoute('/vouchers_/trial-balance')({
  staticData: { strings: ['accounting'] },
  validateSearch,
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/vouchers/trial-balance', location.href),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { queryClient } = context
    const calendar = await queryClient.ensureQueryData(calendarQuery())
    return queryClient.ensureQueryData(trialBalanceQuery(deps.asOf ?? calendar.today))
  },
  component: function TrialBalance() {
    const navigate = Route.useNavigate()
    return (
      <TrialBalancePage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
