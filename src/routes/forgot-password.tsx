import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '../features/auth/guest/ForgotPasswordPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/forgot-password')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => guardRoute(context, '/forgot-password'),
  component: ForgotPasswordPage,
})
