import { createFileRoute } from '@tanstack/react-router'
import { FirstPasswordPage } from '../features/auth/FirstPasswordPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/password-reset')({
  // The password form is the one the recovery's last step shows (features/auth/guest).
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => guardRoute(context, '/password-reset'),
  component: FirstPasswordPage,
})
