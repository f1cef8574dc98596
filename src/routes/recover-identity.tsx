import { createFileRoute, redirect } from '@tanstack/react-router'
import { RecoverIdentityPage } from '../features/auth/RecoverIdentityPage.tsx'
import { recoveryFlow } from '../features/auth/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/recover-identity')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/recover-identity')
    if (!recoveryFlow.username) throw redirect({ to: '/forgot-password' })
  },
  component: RecoverIdentityPage,
})
