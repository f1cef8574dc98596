import { refreshAbility } from './ability.ts'
import { session, type UserData } from './session.ts'
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
