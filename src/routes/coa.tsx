import { createFileRoute } from '@tanstack/react-router'
import { ChartPage } from '../features/accounting/ChartPage.tsx'
import { accountListQuery, chartQuery } from '../features/accounting/queries.ts'
import { accountListSearch, ChartSearchSchema } from '../features/accounting/search.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(ChartSearchSchema)

export const Route = createFileRoute('/coa')({
  staticData: { strings: ['accounting'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/coa', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.view === 'list'
      ? context.queryClient.ensureQueryData(accountListQuery(accountListSearch(deps)))
      : context.queryClient.ensureQueryData(chartQuery()),
  component: function Coa() {
    const navigate = Route.useNavigate()
    return (
      <ChartPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
