import { i18n } from '@lingui/core'
import { loadErrorStrings } from './i18n.ts'
import ky, { type KyRequest } from 'ky'
import * as v from 'valibot'
import { TokenPairSchema } from '../shared/schemas/auth-session.ts'
import { errorId } from './error-id.ts'
import { forbiddenEvent, OfflineWriteError } from './http-error.ts'
import { navigateTo } from './navigation.ts'
import { session } from './session.ts'
import { showToast } from './toasts.ts'
import { forgetSession } from './sign-out.ts'
import { chosenInstitute } from './working-institute.ts'

/** Where the client goes when the API is down for maintenance (§4). */
const maintenancePage = '/miscellaneous/under-maintenance'

// Calls that carry no session of their own: their 401 is an answer, not an expired token.
const sessionlessCall =
  /\/api\/auth\/(login|register|refresh-login|forgot|email-resend|mobile-resend|otp-verify)/

let refreshing: Promise<void> | undefined

/**
 * The server would not renew the session (no refresh token, or one it refuses): the user must
 * sign in again. Any other failure of a refresh (the network cut, the server down) leaves the
 * session as it is, to be renewed once the server can be reached.
 */
class RefreshRefused extends Error {}

/** A refusal for good: a client error other than a timeout or a rate limit. */
const refusedForGood = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429

function setBearer(headers: Headers, token: string) {
  headers.set('Authorization', `Bearer ${token}`)
}

async function fetchTokens(path: string, init: RequestInit, bearer: string) {
  const headers = new Headers(init.headers)
  setBearer(headers, bearer)
  headers.set('X-Requested-With', 'XMLHttpRequest')
  const res = await fetch(`/api/auth/${path}`, { ...init, headers })
  if (!res.ok) {
    const failure = `${path} answered ${res.status}`
    throw refusedForGood(res.status) ? new RefreshRefused(failure) : new Error(failure)
  }
  return v.parse(TokenPairSchema, await res.json())
}

/** §4: refresh-login with the refresh token standing in for the access token, then generate. */
async function exchange(refresh: string): Promise<void> {
  const first = await fetchTokens(
    'refresh-login',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ remember_me: session.rememberMe() }),
    },
    refresh,
  )
  session.saveTokens(first)
  session.saveTokens(
    await fetchTokens('refresh-token-generate', { method: 'GET' }, first.access_token),
  )
}

/**
 * Tabs share the token cookies, and a refresh token works once: the tabs take turns, and a
 * tab that finds the tokens already renewed by another uses those.
 */
async function refreshTokens(): Promise<void> {
  const seen = session.refreshToken()
  if (!seen) throw new RefreshRefused('no-refresh-token')
  const run = async () => {
    const current = session.refreshToken()
    if (!current) throw new RefreshRefused('no-refresh-token')
    if (current !== seen && !session.accessTokenExpired()) return
    await exchange(current)
  }
  if ('locks' in navigator) await navigator.locks.request('auth-refresh', run)
  else await run()
}

/** One refresh at a time: every request that needs one waits for the same. */
export function refreshSession(): Promise<void> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = undefined
  })
  return refreshing
}

async function endSession(): Promise<never> {
  await forgetSession()
  navigateTo('/login')
  throw new Error('The session has ended.')
}

/** The refusal's code, when the answer is one. */
async function refusal(response: Response) {
  return (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined
}

async function refusalCode(response: Response): Promise<unknown> {
  return (await refusal(response))?.code
}

// A sent request's body is used up; a copy is kept so it can be sent again after a refresh.
const copies = new WeakMap<Request, Request>()

/** The same request again (body included) with the current access token. */
function replay(request: KyRequest): Promise<Response> {
  const again = (copies.get(request) ?? request).clone()
  const token = session.accessToken()
  if (token) setBearer(again.headers, token)
  return fetch(again)
}

export const api = ky.create({
  prefix: '/api',
  timeout: 30_000,
  retry: 0,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        // A change is never kept to be sent later behind the user's back: offline, it is
        // refused before it leaves, and the form that made it keeps what was typed.
        if (request.method !== 'GET' && !navigator.onLine) throw new OfflineWriteError()
        if (sessionlessCall.test(request.url)) return
        // A request that arrives during a refresh waits for it and goes out with the new token.
        if (refreshing) await refreshing.catch(() => undefined)
        if (session.userData() && !session.isValid()) await endSession()
        const token = session.accessToken()
        if (token && !request.headers.has('Authorization')) {
          setBearer(request.headers, token)
        }
        // A platform administrator working in another institute (the top bar's picker).
        const working = chosenInstitute()
        if (working) request.headers.set('X-Institute-Id', working.id)
        if (request.body) copies.set(request, request.clone())
      },
    ],
    afterResponse: [
      async ({ request, response }) => {
        // The database away for a moment (a restart) is not maintenance: the page and what was
        // typed stay, and the refusal says to try again shortly (with the same Idempotency-Key).
        if (response.status === 503 && (await refusalCode(response)) !== 'database_unavailable')
          navigateTo(maintenancePage)
        if (response.status === 403) window.dispatchEvent(new Event(forbiddenEvent))
        if (response.status !== 401 || sessionlessCall.test(request.url) || !session.userData())
          return
        // The platform suspended the user's institute: no refresh helps, and they are told why.
        if ((await refusalCode(response)) === 'institute_suspended') {
          await loadErrorStrings()
          const id = errorId('institute_suspended')
          // The refusals' words unreachable (offline since the page came up): the server's.
          const said = (await refusal(response))?.message
          const title =
            i18n.messages[id] !== undefined || typeof said !== 'string' ? i18n._(id) : said
          showToast({ variant: 'error', title })
          return endSession()
        }
        // A token that looks unexpired answered 401: another request may have refreshed it
        // meanwhile, so try once more before refreshing (this clock may also run slow).
        if (!session.accessTokenExpired()) {
          const again = await replay(request)
          if (again.status !== 401) return again
        }
        try {
          await refreshSession()
        } catch (failure) {
          if (failure instanceof RefreshRefused) return endSession()
          // Cut off: the request fails as it would offline, and the user stays signed in.
          throw failure
        }
        const replayed = await replay(request)
        return replayed.status === 401 ? endSession() : replayed
      },
    ],
  },
})

export { apiError, httpStatus } from './http-error.ts'

/** GET a JSON resource and parse it with its shared schema. */
export async function getJson<S extends v.GenericSchema>(path: string, schema: S) {
  return v.parse(schema, await api.get(path).json())
}

/**
 * POST JSON and parse the answer with its shared schema. `headers` go with the request (an
 * `Idempotency-Key`, so a retried save is done once).
 */
export async function postJson<S extends v.GenericSchema>(
  path: string,
  body: unknown,
  schema: S,
  { headers }: { headers?: Record<string, string> } = {},
) {
  // Only when given: an explicit `headers: undefined` would drop the client's own headers.
  return v.parse(schema, await api.post(path, { json: body, ...(headers && { headers }) }).json())
}

/** PATCH JSON and parse the answer with its shared schema. */
export async function patchJson<S extends v.GenericSchema>(path: string, body: unknown, schema: S) {
  return v.parse(schema, await api.patch(path, { json: body }).json())
}

/** PUT JSON (a whole resource replaced) and parse the answer with its shared schema. */
export async function putJson<S extends v.GenericSchema>(path: string, body: unknown, schema: S) {
  return v.parse(schema, await api.put(path, { json: body }).json())
}

/** DELETE a resource; the answer is only a status. */
export async function deleteResource(path: string): Promise<void> {
  await api.delete(path)
}
