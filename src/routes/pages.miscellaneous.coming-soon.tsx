import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/pages/miscellaneous/coming-soon')({
  staticData: { layout: 'full' },
  component: ComingSoonPage,
})
