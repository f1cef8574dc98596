import { apiError, httpStatus } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'

/**
 * §8: a recovery call answered 404 shows the server's message as an error toast; any other
 * failure is only logged. Validation errors (422) stay with their fields.
 */
export function reportRecoveryError(err: unknown, title: string) {
  const status = httpStatus(err)
  const body = apiError(err)
  if (status === 404 && body) showToast({ variant: 'error', title, text: body.message })
  else if (status !== 422) console.error(err)
}

/** The server's messages for each field of a 422, to show under the inputs. */
export function fieldErrors(err: unknown): Record<string, string | undefined> {
  const errors = httpStatus(err) === 422 ? apiError(err)?.errors : undefined
  return Object.fromEntries(Object.entries(errors ?? {}).map(([k, v]) => [k, v[0]]))
}
