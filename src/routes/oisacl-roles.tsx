import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { rolesQuery } from '../features/access/queries.ts'
import { RolesPage } from '../features/access/RolesPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(v.object({ role: v.optional(v.string()) }))

export const Route = createFileRoute('/oisacl-roles')({
  staticData: { strings: ['access'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/oisacl-roles', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(rolesQuery()),
  component: function Roles() {
    const navigate = Route.useNavigate()
    return (
      <RolesPage
        selected={Route.useSearch().role}
        onSelect={(role) => void navigate({ search: { role } })}
      />
    )
  },
})
