import { createFileRoute } from '@tanstack/react-router'
import { OldDashboardPage } from '../features/dashboard/OldDashboardPage.tsx'
import { dashboardFiguresQuery } from '../features/dashboard/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { DashboardQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(DashboardQuerySchema)

export const Route = createFileRoute('/old-dashboard')({
  // The aging buckets are named in the reports' strings.
  staticData: { strings: ['dashboard', 'reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/old-dashboard', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(dashboardFiguresQuery(deps, '/old-dashboard')),
  component: function OldDashboard() {
    return <OldDashboardPage search={Route.useSearch()} />
  },
})
