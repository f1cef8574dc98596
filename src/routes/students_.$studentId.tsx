import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { StudentPage } from '../features/students/StudentPage.tsx'
import { studentQuery } from '../features/students/queries.ts'
import { httpStatus } from '../lib/api.ts'
import {
  campusesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/students_/$studentId')({
  staticData: { strings: ['students'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/students/$studentId', location.href),
  loader: async ({ context: { queryClient }, params }) => {
    // The edit and placement dialogs choose from these: read ahead, not waited for.
    const screen = '/students/$studentId'
    void queryClient.prefetchQuery(campusesQuery(screen))
    void queryClient.prefetchQuery(groupsQuery(screen))
    void queryClient.prefetchQuery(sectionsQuery(screen))
    void queryClient.prefetchQuery(shiftsQuery(screen))
    try {
      await queryClient.ensureQueryData(studentQuery(params.studentId))
    } catch (err) {
      if (httpStatus(err) === 404 || httpStatus(err) === 422) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
  component: function Student() {
    return <StudentPage studentId={Route.useParams().studentId} />
  },
})
