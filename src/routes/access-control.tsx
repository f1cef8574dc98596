import { createFileRoute } from '@tanstack/react-router'
import { campusOptionsQuery, roleOptionsQuery, usersQuery } from '../features/access/queries.ts'
import { UsersPage } from '../features/access/UsersPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { UserListQuerySchema } from '../shared/schemas/access-queries.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(UserListQuerySchema)

export const Route = createFileRoute('/access-control')({
  staticData: { strings: ['access'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/access-control', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(usersQuery(deps)),
      context.queryClient.ensureQueryData(roleOptionsQuery()),
      context.queryClient.ensureQueryData(campusOptionsQuery()),
    ]),
  component: function AccessControl() {
    const navigate = Route.useNavigate()
    return (
      <UsersPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
