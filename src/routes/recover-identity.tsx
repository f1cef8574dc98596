import { createFileRoute, redirect } from '@tanstack/react-router'
import { RecoverIdentityPage } from '../features/auth/guest/RecoverIdentityPage.tsx'
import { recoveryStepReady } from '../features/auth/guest/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/recover-identity')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/recover-identity')
    if (!recoveryStepReady['/recover-identity']()) throw redirect({ to: '/forgot-password' })
  },
  component: RecoverIdentityPage,
})
