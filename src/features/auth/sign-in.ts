import { useMutation } from '@tanstack/react-query'
import type { Feedback } from '../../lib/mutation-feedback.ts'
import { postPublicJson } from '../../lib/public-api.ts'
import { homeRouteFor, session } from '../../lib/session.ts'
import {
  LoginResponseSchema,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
} from '../../shared/schemas/auth.ts'

/*
 * Signing in and registering, apart from mutations.ts, without the API client or the permission
 * rules' library: their pages are public pages, and those come only once the user is in.
 */

/** Signs in (§4): the session in the answer is the screen's to keep. */
export function useSignIn(feedback: Feedback<LoginResponse, LoginRequest> = {}) {
  return useMutation({
    mutationFn: (body: LoginRequest) => postPublicJson('auth/login', body, LoginResponseSchema),
    ...feedback,
  })
}

/** Registers a new institute and its first administrator, who is signed in at once. */
export function useRegister(feedback: Feedback<LoginResponse, RegisterRequest> = {}) {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      postPublicJson('auth/register', body, LoginResponseSchema),
    ...feedback,
  })
}

/** Stores a new session (§3) and says where to go next (§4). */
export async function completeSignIn(
  response: LoginResponse,
  rememberMe: boolean,
  redirect?: string,
): Promise<string> {
  session.saveUser(response.userData, rememberMe)
  session.saveTokens(response)
  // The permission rules follow the new session before the next page's guard reads them.
  const { refreshAbility } = await import('../../lib/ability.ts')
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
