import { createFileRoute } from '@tanstack/react-router'
import { ForgotChooserPage } from '../features/auth/guest/ForgotChooserPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/forgot-username-password')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => guardRoute(context, '/forgot-username-password'),
  component: ForgotChooserPage,
})
