import { createFileRoute } from '@tanstack/react-router'
import { UnderMaintenancePage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/miscellaneous/under-maintenance')({
  staticData: { layout: 'full' },
  component: UnderMaintenancePage,
})
