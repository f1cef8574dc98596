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

/** GET a public JSON resource below /api/ and parse it with its shared schema. */
export async function getPublicJson<S extends v.GenericSchema>(path: string, schema: S) {
  if (session.userData()) {
    const { getJson } = await import('./api.ts')
    return getJson(path, schema)
  }
  const request = new Request(`/api/${path}`, {
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
    response = await fetch(request.clone())
  } catch (err) {
    throw failed(err)
  }
  if (response.status === 503) navigateTo('/miscellaneous/under-maintenance')
  if (response.status === 403) window.dispatchEvent(new Event(forbiddenEvent))
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
