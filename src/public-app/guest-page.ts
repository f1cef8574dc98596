import { homeRouteFor, session } from '../lib/session.ts'

/**
 * For a guest's page (signing in, registering, recovering an account): a signed-in user goes to
 * their own page instead (§4), one whose session has lapsed to sign-out. The server cannot tell:
 * the session is this browser's.
 */
export function signedInElsewhere(): string | undefined {
  if (!session.isLoggedIn()) return undefined
  return session.isValid() ? homeRouteFor(session.userData()) : '/logout'
}
