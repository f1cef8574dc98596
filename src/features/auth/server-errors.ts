import { useLingui } from '@lingui/react/macro'
import { apiError, httpStatus } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'

/**
 * The server answers in English; the messages a user can meet on these screens are shown in
 * their language, anything else as the server said it.
 */
export function useServerErrors() {
  const { t } = useLingui()
  const known: Record<string, string> = {
    'Email or Password is Invalid': t`Email or Password is Invalid`,
    'This account has been deactivated.': t`This account has been deactivated.`,
    'We could not find an account with that username.': t`We could not find an account with that username.`,
    'We could not find an account with that email or mobile number.': t`We could not find an account with that email or mobile number.`,
    'This email is already in use.': t`This email is already in use.`,
    'This username is already in use.': t`This username is already in use.`,
    'Please enter your email.': t`Please enter your email.`,
    'Please enter your username.': t`Please enter your username.`,
    'The current password is not correct.': t`The current password is not correct.`,
    'This password is too common. Choose another one.': t`This password is too common. Choose another one.`,
    'The new password must differ from the current one.': t`The new password must differ from the current one.`,
    'Choose a password other than the one you were given.': t`Choose a password other than the one you were given.`,
    'The password confirmation does not match.': t`The password confirmation does not match.`,
    'Verify the code we sent you first.': t`Verify the code we sent you first.`,
  }
  const translate = (message: string) => known[message] ?? message

  return {
    /**
     * §8: a recovery call answered 404 shows the server's message as an error toast; other
     * failures are only logged. Validation errors (422) stay with their fields.
     */
    report(err: unknown, title: string) {
      const status = httpStatus(err)
      const body = apiError(err)
      if (status === 404 && body)
        showToast({ variant: 'error', title, text: translate(body.message) })
      else if (status !== 422) console.error(err)
    },
    /** A form's failure other than a field's (those show under the inputs) as an error toast. */
    toastUnlessFieldError(err: unknown, title: string) {
      if (httpStatus(err) === 422) return
      const body = apiError(err)
      const text =
        body?.code === 'rate_limited'
          ? t`Too many attempts. Wait a few minutes and try again.`
          : body?.message
      showToast({ variant: 'error', title, text: text && translate(text) })
    },
    /** The server's message for each field of a 422, to show under the inputs. */
    fieldErrors(err: unknown): Record<string, string | undefined> {
      const errors = httpStatus(err) === 422 ? apiError(err)?.errors : undefined
      return Object.fromEntries(
        Object.entries(errors ?? {}).map(([k, v]) => [k, v[0] && translate(v[0])]),
      )
    },
  }
}
