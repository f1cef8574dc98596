import { createFileRoute } from '@tanstack/react-router'
import { auditFacetsQuery, auditsQuery } from '../features/access/queries.ts'
import { AuditsPage } from '../features/access/AuditsPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { AuditQuerySchema } from '../shared/schemas/access-queries.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(AuditQuerySchema)

export const Route = createFileRoute('/audits')({
  staticData: { strings: ['access'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/audits', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(auditsQuery(deps)),
      context.queryClient.ensureQueryData(auditFacetsQuery()),
    ]),
  component: function Audits() {
    const navigate = Route.useNavigate()
    return (
      <AuditsPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
