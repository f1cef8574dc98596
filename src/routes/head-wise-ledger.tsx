import { createFileRoute } from '@tanstack/react-router'
import { HeadLedgerPage } from '../features/reports/HeadLedgerPage.tsx'
import { ledgerQueryOf, linesQueryOf } from '../features/reports/head-ledger-search.ts'
import { headLedgerLinesQuery, headLedgerQuery } from '../features/reports/queries.ts'
import { ensurePlacementLists } from '../lib/academic-structure.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { ReportError } from '../components/report/ReportError.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { HeadLedgerSearchSchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(HeadLedgerSearchSchema)

export const Route = createFileRoute('/head-wise-ledger')({
  staticData: { strings: ['reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/head-wise-ledger', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    const lines = linesQueryOf(deps)
    return Promise.all([
      queryClient.ensureQueryData(headLedgerQuery(ledgerQueryOf(deps))),
      lines && queryClient.ensureQueryData(headLedgerLinesQuery(lines)),
      queryClient.ensureQueryData(feeHeadsQuery('/head-wise-ledger')),
      ensurePlacementLists(queryClient, '/head-wise-ledger'),
    ])
  },
  errorComponent: ReportError,
  component: function HeadLedger() {
    const navigate = Route.useNavigate()
    return (
      <HeadLedgerPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
