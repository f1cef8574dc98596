import { HTTPError, NetworkError, TimeoutError } from 'ky'
import * as v from 'valibot'
import { forbiddenEvent } from './http-error.ts'
import { navigateTo } from './navigation.ts'
import { session } from './session.ts'

/*
 * Reads of the pages anyone may open (admission) for a visitor who has not signed in: a plain
 * `fetch` answering as the API client would (the same headers, timeout, error types and
 * maintenance redirect), so a first visit does not download the client and its token refresh.
 * A signed-in user's reads still go through the client, which carries their token.
 */

const timeoutMs = 30_000

async function responseData(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return undefined
  if (!/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

type Fetch = (request: Request) => Promise<Response>
let serverFetch: Fetch | undefined

/**
 * On the server, a page rendered for its first visit reads through the app in-process: the
 * host registers the app's own `fetch` (src/server/lib/public-pages.ts). `import.meta.env.SSR`
 * is fixed at build time, so the browser's bundle keeps only its own branch.
 */
export function setServerFetch(fetchInProcess: Fetch) {
  serverFetch = fetchInProcess
}

function send(request: Request): Promise<Response> {
  if (!import.meta.env.SSR) return fetch(request.clone())
  if (!serverFetch) throw new Error('setServerFetch() was not called')
  return serverFetch(request)
}

/** GET a public JSON resource below /api/ and parse it with its shared schema. */
export async function getPublicJson<S extends v.GenericSchema>(path: string, schema: S) {
  if (!import.meta.env.SSR && session.userData()) {
    const { getJson } = await import('./api.ts')
    return getJson(path, schema)
  }
  const base = import.meta.env.SSR ? 'http://localhost' : location.origin
  const request = new Request(new URL(`/api/${path}`, base), {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  const failed = (err: unknown) => {
    if ((err as { name?: string } | null)?.name === 'TimeoutError') return new TimeoutError(request)
    if (err instanceof TypeError) return new NetworkError(request, { cause: err })
    return err
  }
  let response: Response
  try {
    response = await send(request)
  } catch (err) {
    throw failed(err)
  }
  if (!import.meta.env.SSR) {
    if (response.status === 503) navigateTo('/miscellaneous/under-maintenance')
    if (response.status === 403) window.dispatchEvent(new Event(forbiddenEvent))
  }
  if (!response.ok) {
    const error = new HTTPError(response, request, {} as HTTPError['options'])
    error.data = await responseData(response)
    throw error
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (err) {
    throw failed(err)
  }
  return v.parse(schema, body)
}
