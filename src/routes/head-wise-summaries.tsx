import { createFileRoute } from '@tanstack/react-router'
import { HeadSummariesPage } from '../features/reports/HeadSummariesPage.tsx'
import { headSummariesQuery } from '../features/reports/queries.ts'
import { ensurePlacementLists } from '../lib/academic-structure.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { ReportError } from '../components/report/ReportError.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { HeadSummariesQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(HeadSummariesQuerySchema)

export const Route = createFileRoute('/head-wise-summaries')({
  staticData: { strings: ['reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/head-wise-summaries', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(headSummariesQuery(deps)),
      queryClient.ensureQueryData(feeHeadsQuery('/head-wise-summaries')),
      ensurePlacementLists(queryClient, '/head-wise-summaries'),
    ]),
  errorComponent: ReportError,
  component: function HeadSummaries() {
    const navigate = Route.useNavigate()
    return (
      <HeadSummariesPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
