import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/logout')({
  staticData: { layout: 'full' },
  beforeLoad: async ({ preload }) => {
    // A link pointed at preloads its route: only going there signs out.
    if (preload) return
    const { signOut } = await import('../lib/logout.ts')
    await signOut()
    throw redirect({ to: '/login', replace: true })
  },
})
