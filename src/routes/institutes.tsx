import { createFileRoute } from '@tanstack/react-router'
import { InstitutesPage } from '../features/institutes/InstitutesPage.tsx'
import { institutesQuery } from '../features/institutes/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { InstituteListQuerySchema } from '../shared/schemas/platform-queries.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(InstituteListQuerySchema)

export const Route = createFileRoute('/institutes')({
  staticData: { strings: ['institutes'] },
  validateSearch,
  // Platform administrators only (route-access: `platform`), whatever their roles hold.
  beforeLoad: ({ context, location }) => guardRoute(context, '/institutes', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(institutesQuery(deps)),
  component: function Institutes() {
    const navigate = Route.useNavigate()
    return (
      <InstitutesPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
