import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/pages/miscellaneous/error')({
  staticData: { layout: 'full' },
  component: ErrorPage,
})
