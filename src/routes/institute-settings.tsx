import { createFileRoute } from '@tanstack/react-router'
import { SettingsPage } from '../features/institutes/SettingsPage.tsx'
import { settingsQuery } from '../features/institutes/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/institute-settings')({
  staticData: { strings: ['institutes'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/institute-settings', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQuery()),
  component: SettingsPage,
})
