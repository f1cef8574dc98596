import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/error-404')({
  staticData: { layout: 'full' },
  component: NotFoundPage,
})
