import { createFileRoute } from '@tanstack/react-router'
import { signupStatusQuery } from '../features/auth/queries.ts'
import { RegisterPage } from '../features/auth/guest/RegisterPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/register')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => guardRoute(context, '/register'),
  loader: ({ context }) => context.queryClient.ensureQueryData(signupStatusQuery()),
  component: RegisterPage,
})
