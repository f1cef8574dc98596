import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginPage } from '../features/auth/LoginPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => guardRoute(context, '/login'),
  component: function Login() {
    return <LoginPage redirect={Route.useSearch().redirect} />
  },
})
