import { createFileRoute } from '@tanstack/react-router'
import { FranchiseRevenuePage } from '../features/payments/FranchiseRevenuePage.tsx'
import { franchiseRevenueQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { FranchiseRevenueQuerySchema } from '../shared/schemas/franchise-revenue.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(FranchiseRevenueQuerySchema)

export const Route = createFileRoute('/franchise-revenue')({
  staticData: { strings: ['payments'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/franchise-revenue', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(franchiseRevenueQuery(deps)),
  component: function FranchiseRevenue() {
    const navigate = Route.useNavigate()
    return (
      <FranchiseRevenuePage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
