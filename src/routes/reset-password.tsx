import { createFileRoute, redirect } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/auth/guest/ResetPasswordPage.tsx'
import { recoveryStepReady } from '../features/auth/guest/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

// The spec's password.reset screen (its path is not shown there).
export const Route = createFileRoute('/reset-password')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/reset-password')
    if (!recoveryStepReady['/reset-password']()) throw redirect({ to: '/forgot-password' })
  },
  component: ResetPasswordPage,
})
