import { createFileRoute } from '@tanstack/react-router'
import { AnalyticsPage } from '../features/dashboard/AnalyticsPage.tsx'
import { dashboardFiguresQuery } from '../features/dashboard/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { DashboardQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(DashboardQuerySchema)

export const Route = createFileRoute('/dashboard_/analytics')({
  // The aging buckets are named in the reports' strings.
  staticData: { strings: ['dashboard', 'reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/dashboard/analytics', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(dashboardFiguresQuery(deps, '/dashboard/analytics')),
  component: function Analytics() {
    const navigate = Route.useNavigate()
    return (
      <AnalyticsPage
        search={Route.useSearch()}
        onAsOfChange={(asOf) => void navigate({ search: { asOf } })}
      />
    )
  },
})
