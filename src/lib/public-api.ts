import { HTTPError, NetworkError, TimeoutError } from 'ky'
import * as v from 'valibot'
import { forbiddenEvent, OfflineWriteError } from './http-error.ts'
import { navigateTo } from './navigation.ts'
import { session } from './session.ts'

/*
 * The calls of the pages anyone may open (admission, sign-in): a plain `fetch` answering as the
 * API client would (the same headers, timeout, error types, offline refusal of changes and
 * maintenance redirect), so a first visit does not download the client and its token refresh.
 * A signed-in user's reads still go through the client, which carries their token; the
 * changes here carry no session.
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

function fetchFor(request: Request): Promise<Response> {
  if (!import.meta.env.SSR) return fetch(request.clone())
  if (!serverFetch) throw new Error('setServerFetch() was not called')
  return serverFetch(request)
}

/**
 * One request below /api/ with a plain fetch; a failure is thrown as the API client's would be
 * (HTTPError with the answer's body, NetworkError, TimeoutError), so the pages read it alike.
 */
async function send(path: string, init: RequestInit = {}, timeout = timeoutMs) {
  const headers = new Headers(init.headers)
  headers.set('X-Requested-With', 'XMLHttpRequest')
  const base = import.meta.env.SSR ? 'http://localhost' : location.origin
  const request = new Request(new URL(`/api/${path}`, base), {
    ...init,
    headers,
    signal: AbortSignal.timeout(timeout),
  })
  // A change is never kept to be sent later behind the visitor's back: offline, nothing goes.
  if (!import.meta.env.SSR && request.method !== 'GET' && !navigator.onLine) {
    throw new OfflineWriteError()
  }
  let response: Response
  try {
    response = await fetchFor(request)
  } catch (err) {
    throw failure(request, err)
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
  return { request, response }
}

function failure(request: Request, err: unknown) {
  if ((err as { name?: string } | null)?.name === 'TimeoutError') return new TimeoutError(request)
  if (err instanceof TypeError) return new NetworkError(request, { cause: err })
  return err
}

/** The answer's JSON, parsed with its shared schema. */
async function parsed<S extends v.GenericSchema>(
  { request, response }: { request: Request; response: Response },
  schema: S,
) {
  let body: unknown
  try {
    body = await response.json()
  } catch (err) {
    throw failure(request, err)
  }
  return v.parse(schema, body)
}

/** GET a public JSON resource below /api/ and parse it with its shared schema. */
export async function getPublicJson<S extends v.GenericSchema>(path: string, schema: S) {
  if (!import.meta.env.SSR && session.userData()) {
    const { getJson } = await import('./api.ts')
    return getJson(path, schema)
  }
  return parsed(await send(path), schema)
}

/**
 * POST JSON to an endpoint anyone may call (signing in, an applicant's requests) and parse the
 * answer with its shared schema. No token goes with it: these calls carry no session.
 */
export async function postPublicJson<S extends v.GenericSchema>(
  path: string,
  body: unknown,
  schema: S,
  { headers }: { headers?: Record<string, string> } = {},
) {
  const init = {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }
  return parsed(await send(path, init), schema)
}

/** PUT a multipart body (an applicant's file) to a public endpoint; the answer is a status. */
export async function putPublicForm(path: string, body: FormData, timeout: number): Promise<void> {
  await send(path, { method: 'PUT', body }, timeout)
}
