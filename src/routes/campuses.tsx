import { createFileRoute } from '@tanstack/react-router'
import { CampusesPage } from '../features/institutes/CampusesPage.tsx'
import { campusesQuery } from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/campuses')({
  staticData: { strings: ['institutes'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/campuses', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(campusesQuery()),
  component: CampusesPage,
})
