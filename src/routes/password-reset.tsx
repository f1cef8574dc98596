import { createFileRoute } from '@tanstack/react-router'
import { FirstPasswordPage } from '../features/auth/FirstPasswordPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/password-reset')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => guardRoute(context, '/password-reset'),
  component: FirstPasswordPage,
})
