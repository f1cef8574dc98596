import { createFileRoute } from '@tanstack/react-router'
import { savedReadsQuery } from '../features/offline/queries.ts'
import { SavedOfflinePage } from '../features/offline/SavedOfflinePage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/saved-offline')({
  staticData: { strings: ['offline'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/saved-offline', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(savedReadsQuery()),
  component: SavedOfflinePage,
})
