import { createFileRoute, redirect } from '@tanstack/react-router'
import { refreshAbility } from '../lib/ability.ts'

// Signing out forgets everything this browser held for the user (shared institute PCs).
export const Route = createFileRoute('/logout')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => {
    context.auth.clear()
    refreshAbility()
    context.queryClient.clear()
    throw redirect({ to: '/login', replace: true })
  },
})
