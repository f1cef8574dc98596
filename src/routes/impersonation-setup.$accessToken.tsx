import { createFileRoute, redirect } from '@tanstack/react-router'

/** Takes over as the user an admin chose to act as, with the short-lived token in the path. */
export const Route = createFileRoute('/impersonation-setup/$accessToken')({
  staticData: { layout: 'full' },
  beforeLoad: async ({ params, preload }) => {
    // A link pointed at preloads its route: only going there takes over.
    if (preload) return
    const { takeOverAs } = await import('../lib/impersonation.ts')
    throw redirect({ href: await takeOverAs(params.accessToken), replace: true })
  },
})
