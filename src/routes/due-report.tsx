import { createFileRoute } from '@tanstack/react-router'
import { DueReportPage } from '../features/reports/DueReportPage.tsx'
import { dueFinesQuery, dueReportQuery } from '../features/reports/queries.ts'
import { ensurePlacementLists } from '../lib/academic-structure.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { ReportError } from '../components/report/ReportError.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { DueReportQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(DueReportQuerySchema)

export const Route = createFileRoute('/due-report')({
  staticData: { strings: ['reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/due-report', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The fine total is asked for at once, not waited for: the page shows it when it comes.
    void queryClient.prefetchQuery(dueFinesQuery(deps))
    return Promise.all([
      queryClient.ensureQueryData(dueReportQuery(deps)),
      queryClient.ensureQueryData(feeHeadsQuery('/due-report')),
      ensurePlacementLists(queryClient, '/due-report'),
    ])
  },
  errorComponent: ReportError,
  component: function DueReport() {
    const navigate = Route.useNavigate()
    return (
      <DueReportPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
