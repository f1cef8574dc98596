import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { StudentLedgerPage } from '../features/reports/StudentLedgerPage.tsx'
import { httpStatus } from '../lib/api.ts'
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
  loader: async ({ context: { queryClient }, deps: { studentId, ...period } }) => {
    if (!studentId) return
    try {
      await queryClient.ensureQueryData(studentLedgerQuery({ ...period, studentId }))
    } catch (err) {
      // A student of another institute, or none: as a student's page says it.
      if (httpStatus(err) === 404) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
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
