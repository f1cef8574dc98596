import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx'
import { versionQuery } from '../features/dashboard/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/dashboard')({
  staticData: { strings: ['dashboard'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/dashboard', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(versionQuery()),
  component: DashboardPage,
})
