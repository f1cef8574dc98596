import { createFileRoute } from '@tanstack/react-router'
import { ProfilePasswordPage } from '../features/auth/ProfilePasswordPage.tsx'
import { sessionsQuery } from '../features/auth/session-queries.ts'
import { currentUserQuery } from '../lib/current-user.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/profile-password-change')({
  // The password form is the one the recovery's last step shows (features/auth/guest).
  staticData: { strings: ['account'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/profile-password-change', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(currentUserQuery()),
      context.queryClient.ensureQueryData(sessionsQuery()),
    ]),
  component: ProfilePasswordPage,
})
