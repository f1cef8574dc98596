import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { homeRouteFor } from '../lib/session.ts'
import { forgetSession } from '../lib/sign-out.ts'

/** Renews the session's tokens, then goes on to where the user was headed. */
export const Route = createFileRoute('/refresh-token-setup')({
  staticData: { layout: 'full' },
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: async ({ context, search, preload }) => {
    // A link pointed at preloads its route: only going there renews the tokens.
    if (preload) return
    const { refreshSession } = await import('../lib/api.ts')
    try {
      await refreshSession()
    } catch {
      await forgetSession()
      throw redirect({ to: '/login', replace: true })
    }
    const next =
      search.redirect?.startsWith('/') && !search.redirect.startsWith('//')
        ? search.redirect
        : undefined
    throw redirect({ href: next ?? homeRouteFor(context.auth.userData()), replace: true })
  },
})
