import { api } from './api.ts'
import { session } from './session.ts'
import { forgetSession } from './sign-out.ts'

/**
 * Signs out: ends the session on the server, then forgets everything this browser held for
 * the user. Never waits on the network: no retries (a 429's Retry-After), a short wait.
 */
export async function signOut(): Promise<void> {
  if (session.accessToken()) {
    await api.get('auth/logout', { retry: 0, timeout: 4000 }).catch(() => undefined)
  }
  await forgetSession()
}
