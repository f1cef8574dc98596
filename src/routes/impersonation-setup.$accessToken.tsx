import { createFileRoute, redirect } from '@tanstack/react-router'
import { refreshAbility } from '../lib/ability.ts'
import { homeRouteFor } from '../lib/session.ts'
import { forgetSession } from '../lib/sign-out.ts'

/** Takes over as the user an admin chose to act as, with the short-lived token in the path. */
export const Route = createFileRoute('/impersonation-setup/$accessToken')({
  staticData: { layout: 'full' },
  beforeLoad: async ({ context, params, preload }) => {
    // A link pointed at preloads its route: only going there takes over.
    if (preload) return
    const { getJson } = await import('../lib/api.ts')
    const { UserResponseSchema } = await import('../shared/schemas/auth.ts')
    // The admin's own session, kept by "Act as" in this tab, waits for "Stop acting as".
    await forgetSession({ keepImpersonator: true })
    context.auth.saveTokens({ access_token: params.accessToken })
    let target = '/login'
    try {
      const { userData } = await getJson('auth/user', UserResponseSchema)
      context.auth.saveUser(userData, false)
      refreshAbility()
      target = homeRouteFor(userData)
    } catch {
      await forgetSession()
    }
    throw redirect({ href: target, replace: true })
  },
})
