import ky, { HTTPError } from 'ky'
import * as v from 'valibot'
import { ApiErrorSchema, type ApiError } from '../shared/schemas/api-error.ts'
import { navigateTo } from './navigation.ts'
import { session } from './session.ts'

/** Where the client goes when the API is down for maintenance or cannot be reached (§4). */
export const statusPages = {
  maintenance: '/miscellaneous/under-maintenance',
  connectionError: '/miscellaneous/connection-error',
} as const

export const api = ky.create({
  prefix: '/api',
  timeout: 30_000,
  retry: 0,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = session.accessToken()
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
    afterResponse: [
      ({ response }) => {
        if (response.status === 503) navigateTo(statusPages.maintenance)
      },
    ],
  },
})

/** The API's error body (DESIGN §5) from a failed call, or undefined when there is none. */
export function apiError(err: unknown): ApiError | undefined {
  if (!(err instanceof HTTPError)) return undefined
  const parsed = v.safeParse(ApiErrorSchema, err.data)
  return parsed.success ? parsed.output : undefined
}

/** GET a JSON resource and parse it with its shared schema. */
export async function getJson<S extends v.GenericSchema>(path: string, schema: S) {
  return v.parse(schema, await api.get(path).json())
}
