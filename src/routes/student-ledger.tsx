import { createFileRoute } from '@tanstack/react-router'
import { StudentLedgerPage } from '../features/reports/StudentLedgerPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { studentLedgerQuery } from '../lib/student-ledger.ts'
import { StudentLedgerQuerySchema } from '../shared/schemas/report-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(StudentLedgerQuerySchema)

export const Route = createFileRoute('/student-ledger')({
  staticData: { strings: ['reports'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/student-ledger', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps: { studentId, ...period } }) =>
    studentId && queryClient.ensureQueryData(studentLedgerQuery({ ...period, studentId })),
  component: function StudentLedger() {
    const navigate = Route.useNavigate()
    return (
      <StudentLedgerPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
