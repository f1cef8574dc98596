import { createFileRoute } from '@tanstack/react-router'
import { AcademicStructurePage } from '../features/institutes/AcademicStructurePage.tsx'
import {
  academicSessionsQuery,
  classesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/academic-structure')({
  staticData: { strings: ['institutes'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/academic-structure', location.href),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(academicSessionsQuery()),
      queryClient.ensureQueryData(classesQuery()),
      queryClient.ensureQueryData(groupsQuery()),
      queryClient.ensureQueryData(sectionsQuery()),
      queryClient.ensureQueryData(shiftsQuery()),
    ]),
  component: AcademicStructurePage,
})
