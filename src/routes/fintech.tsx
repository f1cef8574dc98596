import { createFileRoute } from '@tanstack/react-router'
import { OverviewPage } from '../features/payments/OverviewPage.tsx'
import { intentsQuery, overviewQuery } from '../features/payments/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { IntentListQuerySchema } from '../shared/schemas/payments.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(IntentListQuerySchema)

export const Route = createFileRoute('/fintech')({
  staticData: { strings: ['payments'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/fintech', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(overviewQuery()),
      context.queryClient.ensureQueryData(intentsQuery(deps)),
    ]),
  component: function Fintech() {
    const navigate = Route.useNavigate()
    return (
      <OverviewPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
