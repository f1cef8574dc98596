import { createFileRoute, redirect } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx'
import { recoveryFlow } from '../features/auth/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

// The spec's password.reset screen (its path is not shown there).
export const Route = createFileRoute('/reset-password')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/reset-password')
    if (!recoveryFlow.resetToken) throw redirect({ to: '/forgot-password' })
  },
  component: ResetPasswordPage,
})
