import { redirect } from '@tanstack/react-router'
import { routeAccess, type GuardedPath } from '../shared/permissions/route-access.ts'
import type { AppAbility } from '../shared/permissions/ability.ts'
import { homeRouteFor, type Session } from './session.ts'

interface GuardContext {
  auth: Pick<Session, 'isLoggedIn' | 'isValid' | 'userData'>
  ability: AppAbility
}

/**
 * The navigation guard of §4, for a route's `beforeLoad`: a route the ability does not allow
 * sends a signed-in user to not-authorized and a visitor to sign-in; a signed-in user whose
 * session has lapsed goes to logout; guest-only routes send a signed-in user home.
 */
export function guardRoute(context: GuardContext, path: GuardedPath, href?: string): void {
  const access = routeAccess[path]
  const loggedIn = context.auth.isLoggedIn()
  if (loggedIn && !context.auth.isValid()) throw redirect({ to: '/logout' })
  if ('signedIn' in access && !loggedIn) {
    throw redirect({ to: '/login', search: href ? { redirect: href } : {} })
  }
  const platformOnly = 'platform' in access && !context.auth.userData()?.platformAdmin
  if (platformOnly || !context.ability.can(access.action, access.subject)) {
    if (loggedIn) throw redirect({ to: '/pages/miscellaneous/not-authorized' })
    throw redirect({ to: '/login', search: href ? { redirect: href } : {} })
  }
  if ('redirectIfLoggedIn' in access && loggedIn) {
    throw redirect({ href: homeRouteFor(context.auth.userData()) })
  }
  // A user given a password by an admin sets their own before anything else of theirs.
  const ownPage = access.subject !== 'Auth' || 'signedIn' in access || 'platform' in access
  const exempt = path === '/password-reset' || path === '/logout'
  if (loggedIn && context.auth.userData()?.mustChangePassword && ownPage && !exempt) {
    throw redirect({ to: '/password-reset' })
  }
}
