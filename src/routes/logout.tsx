import { createFileRoute, redirect } from '@tanstack/react-router'
import { forgetSession } from '../lib/sign-out.ts'

// Ends the session on the server, then forgets everything this browser held for the user.
export const Route = createFileRoute('/logout')({
  staticData: { layout: 'full' },
  beforeLoad: async ({ context, preload }) => {
    // A link pointed at preloads its route: only going there signs out.
    if (preload) return
    if (context.auth.accessToken()) {
      const { api } = await import('../lib/api.ts')
      // Signing out never waits on the network: no retries (a 429's Retry-After), a short wait.
      await api.get('auth/logout', { retry: 0, timeout: 4000 }).catch(() => undefined)
    }
    await forgetSession()
    throw redirect({ to: '/login', replace: true })
  },
})
