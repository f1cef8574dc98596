import { createFileRoute } from '@tanstack/react-router'
import { ForgotUsernamePage } from '../features/auth/guest/ForgotUsernamePage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/forgot-username')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => guardRoute(context, '/forgot-username'),
  component: ForgotUsernamePage,
})
