import { refreshAbility } from './ability.ts'
import { queryClient } from './query-client.ts'
import { homeRouteFor, session, type UserData } from './session.ts'
import { forgetSession, impersonatorKey as stashKey } from './sign-out.ts'

interface Stash {
  accessToken: string
  refreshToken: string | undefined
  userData: UserData
  rememberMe: boolean
}

/**
 * Before an admin acts as someone, their own session is kept for this tab only, so that
 * "stop acting as" brings them back without signing in again.
 */
export function keepOwnSession() {
  const accessToken = session.accessToken()
  const userData = session.userData()
  if (!accessToken || !userData) return
  const stash: Stash = {
    accessToken,
    refreshToken: session.refreshToken(),
    userData,
    rememberMe: session.rememberMe(),
  }
  sessionStorage.setItem(stashKey, JSON.stringify(stash))
}

/**
 * Takes over as the user an admin chose to act as, with the short-lived token the server gave
 * for it; answers where that user lands (sign-in when the token is refused). The admin's own
 * session, kept by "Act as" in this tab, waits for "Stop acting as".
 */
export async function takeOverAs(accessToken: string): Promise<string> {
  await forgetSession({ keepImpersonator: true })
  session.saveTokens({ access_token: accessToken })
  try {
    const { currentUserQuery } = await import('./current-user.ts')
    const { userData } = await queryClient.fetchQuery(currentUserQuery())
    session.saveUser(userData, false)
    refreshAbility()
    return homeRouteFor(userData)
  } catch {
    await forgetSession()
    return '/login'
  }
}

/**
 * Ends the impersonation on the server and, when this tab holds the admin's own session,
 * restores it. Answers whether the admin is back (else they are signed out).
 */
export async function stopImpersonation(): Promise<boolean> {
  const raw = sessionStorage.getItem(stashKey)
  sessionStorage.removeItem(stashKey)
  try {
    const { api } = await import('./api.ts')
    await api.get('auth/logout')
  } catch {
    // The short-lived token may have expired already: nothing is left to end.
  }
  await forgetSession()
  if (!raw) return false
  const stash = JSON.parse(raw) as Stash
  session.saveUser(stash.userData, stash.rememberMe)
  session.saveTokens({ access_token: stash.accessToken, refresh_token: stash.refreshToken })
  refreshAbility()
  return true
}
