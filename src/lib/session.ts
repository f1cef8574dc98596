import type { TokenPair, UserData } from '../shared/schemas/auth-session.ts'
import { sessionKeys } from './session-keys.ts'

export type { UserData }

/** Sent on `window` whenever the stored user changes in this tab (saved or cleared). */
export const userDataChangedEvent = 'userdata-changed'
const userDataChanged = () => window.dispatchEvent(new Event(userDataChangedEvent))

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`
  const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix))
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : undefined
}

/** A cookie the page reads itself: same-site only, Secure on HTTPS, gone when the token expires. */
function writeCookie(name: string, value: string, expiresAt: number | undefined) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  const maxAge = expiresAt
    ? `; Max-Age=${Math.max(0, Math.floor(expiresAt - Date.now() / 1000))}`
    : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${maxAge}${secure}`
}

function clearCookie(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`
}

/** Seconds since the epoch from a JWT's `exp` claim (§3), without verifying it: the server does. */
function tokenExpiry(token: string | undefined): number | undefined {
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

const unexpired = (token: string | undefined, now: number) => {
  const exp = tokenExpiry(token)
  return exp !== undefined && exp * 1000 > now
}

/** The stored session of §3: tokens in cookies, userData and remember-me in local storage. */
export const session = {
  accessToken: () => readCookie(sessionKeys.accessToken),
  refreshToken: () => readCookie(sessionKeys.refreshToken),
  rememberMe: () => localStorage.getItem(sessionKeys.rememberMe) === 'true',
  userData(): UserData | undefined {
    try {
      const raw = localStorage.getItem(sessionKeys.userData)
      return raw ? (JSON.parse(raw) as UserData) : undefined
    } catch {
      return undefined
    }
  },
  /** Signed in means user data plus an access token (§4). */
  isLoggedIn(): boolean {
    return Boolean(session.userData() && session.accessToken())
  },
  /**
   * The session holds while a refresh token exists and has not expired (§4). An impersonation
   * has no refresh token: it holds while its access token does.
   */
  isValid(now = Date.now()): boolean {
    if (session.userData()?.impersonatedBy && !session.refreshToken()) {
      return unexpired(session.accessToken(), now)
    }
    return unexpired(session.refreshToken(), now)
  },
  accessTokenExpired(now = Date.now()): boolean {
    return !unexpired(session.accessToken(), now)
  },
  saveTokens(tokens: Pick<TokenPair, 'access_token'> & { refresh_token?: string }) {
    // Both cookies live as long as the session, so an expired access token stays readable to
    // be refreshed (§4). Without "remember me" they end when the browser closes (shared PCs).
    const sessionEnd = session.rememberMe()
      ? (tokenExpiry(tokens.refresh_token) ?? tokenExpiry(tokens.access_token))
      : undefined
    writeCookie(sessionKeys.accessToken, tokens.access_token, sessionEnd)
    if (tokens.refresh_token) {
      writeCookie(sessionKeys.refreshToken, tokens.refresh_token, tokenExpiry(tokens.refresh_token))
    } else {
      clearCookie(sessionKeys.refreshToken)
    }
  },
  saveUser(userData: UserData, rememberMe?: boolean) {
    localStorage.setItem(sessionKeys.userData, JSON.stringify(userData))
    if (rememberMe !== undefined) localStorage.setItem(sessionKeys.rememberMe, String(rememberMe))
    userDataChanged()
  },
  clear() {
    localStorage.removeItem(sessionKeys.userData)
    localStorage.removeItem(sessionKeys.rememberMe)
    clearCookie(sessionKeys.accessToken)
    clearCookie(sessionKeys.refreshToken)
    userDataChanged()
  },
  /** The stored user as saved, for a component to notice a change (see useInstitute). */
  rawUserData: () => localStorage.getItem(sessionKeys.userData),
}

export type Session = typeof session

/**
 * Where a user lands after sign-in (§4): admin on /, client on access control, anyone else on
 * their role's home route (the spec's "login" would loop for a signed-in user).
 */
export function homeRouteFor(user: Pick<UserData, 'role' | 'homeRoute'> | undefined): string {
  if (!user) return '/login'
  if (user.role === 'admin') return '/'
  if (user.role === 'client') return '/access-control'
  return user.homeRoute || '/'
}
