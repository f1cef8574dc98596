import { refreshAbility } from '../../lib/ability.ts'
import { homeRouteFor, session } from '../../lib/session.ts'
import type { LoginResponse } from '../../shared/schemas/auth.ts'

/** Stores a new session (§3) and says where to go next (§4). */
export function completeSignIn(
  response: LoginResponse,
  rememberMe: boolean,
  redirect?: string,
): string {
  session.saveUser(response.userData, rememberMe)
  session.saveTokens(response)
  refreshAbility()
  // A shared PC: whatever an earlier user left stored for offline reading goes.
  void import('../../lib/stored-reads.ts').then(({ forgetStoredReads }) =>
    forgetStoredReads({ except: response.userData.id }),
  )
  if (response.userData.mustChangePassword) return '/password-reset'
  // Only a path of this app, never another site.
  if (redirect?.startsWith('/') && !redirect.startsWith('//')) return redirect
  return homeRouteFor(response.userData)
}
