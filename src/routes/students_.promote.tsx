import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PromotePage } from '../features/students/PromotePage.tsx'
import { academicSessionsQuery, classesQuery } from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(v.object({ job: v.optional(v.pipe(v.string(), v.uuid())) }))

export const Route = createFileRoute('/students_/promote')({
  staticData: { strings: ['students'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/students/promote', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(academicSessionsQuery('/students/promote')),
      context.queryClient.ensureQueryData(classesQuery('/students/promote')),
    ]),
  component: function Promote() {
    const navigate = Route.useNavigate()
    return (
      <PromotePage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
