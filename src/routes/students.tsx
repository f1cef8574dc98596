import { createFileRoute } from '@tanstack/react-router'
import { StudentsPage } from '../features/students/StudentsPage.tsx'
import { studentsQuery } from '../features/students/queries.ts'
import {
  academicSessionsQuery,
  campusesQuery,
  classesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { StudentListQuerySchema } from '../shared/schemas/student-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(StudentListQuerySchema)

export const Route = createFileRoute('/students')({
  staticData: { strings: ['students'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/students', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(studentsQuery(deps)),
      queryClient.ensureQueryData(academicSessionsQuery('/students')),
      queryClient.ensureQueryData(campusesQuery('/students')),
      queryClient.ensureQueryData(classesQuery('/students')),
      queryClient.ensureQueryData(groupsQuery('/students')),
      queryClient.ensureQueryData(sectionsQuery('/students')),
      queryClient.ensureQueryData(shiftsQuery('/students')),
    ]),
  component: function Students() {
    const navigate = Route.useNavigate()
    return (
      <StudentsPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
