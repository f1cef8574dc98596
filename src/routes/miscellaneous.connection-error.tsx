import { createFileRoute } from '@tanstack/react-router'
import { ConnectionErrorPage } from '../components/status/StatusPages.tsx'

export const Route = createFileRoute('/miscellaneous/connection-error')({
  staticData: { layout: 'full' },
  component: ConnectionErrorPage,
})
