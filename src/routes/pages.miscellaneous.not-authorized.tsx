import { createFileRoute } from '@tanstack/react-router'
import { NotAuthorizedPage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/pages/miscellaneous/not-authorized')({
  staticData: { layout: 'full' },
  component: NotAuthorizedPage,
})
