import { createFileRoute } from '@tanstack/react-router'
import { PaidReportPage } from '../features/reports/PaidReportPage.tsx'
import { paidReportQuery } from '../features/reports/queries.ts'
import { ensurePlacementLists } from '../lib/academic-structure.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { ReportError } from '../components/report/ReportError.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { PaidReportQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(PaidReportQuerySchema)

export const Route = createFileRoute('/paid-report')({
  staticData: { strings: ['reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/paid-report', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(paidReportQuery(deps)),
      queryClient.ensureQueryData(feeHeadsQuery('/paid-report')),
      ensurePlacementLists(queryClient, '/paid-report'),
    ]),
  errorComponent: ReportError,
  component: function PaidReport() {
    const navigate = Route.useNavigate()
    return (
      <PaidReportPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
