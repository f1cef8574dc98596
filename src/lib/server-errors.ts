import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { apiError, httpStatus } from './api.ts'
import { showToast } from './toasts.ts'

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
    'This field is required.': t`This field is required.`,
    'The password must be at least 8 characters.': t`The password must be at least 8 characters.`,
    'Please enter a username.': t`Please enter a username.`,
    'Use 3–50 letters, digits, dots, dashes or underscores.': t`Use 3–50 letters, digits, dots, dashes or underscores.`,
    'Please enter the full name.': t`Please enter the full name.`,
    'Not a valid email address.': t`Not a valid email address.`,
    'Not a valid phone number.': t`Not a valid phone number.`,
    'Not a valid value.': t`Not a valid value.`,
    'Give the user at least one role.': t`Give the user at least one role.`,
    'This username is taken.': t`This username is taken.`,
    'Another account uses this email address.': t`Another account uses this email address.`,
    'Unknown role.': t`Unknown role.`,
    'Please enter the role name.': t`Please enter the role name.`,
    'Choose where users of this role land.': t`Choose where users of this role land.`,
    'Another role has this name.': t`Another role has this name.`,
    'Users of this role could not open this page: choose one its permissions allow.': t`Users of this role could not open this page: choose one its permissions allow.`,
    'You cannot grant rights you do not have yourself.': t`You cannot grant rights you do not have yourself.`,
    'You cannot change your own roles.': t`You cannot change your own roles.`,
    'You cannot deactivate or reactivate yourself.': t`You cannot deactivate or reactivate yourself.`,
    'Change your own password from your profile.': t`Change your own password from your profile.`,
    'The admin role cannot be changed.': t`The admin role cannot be changed.`,
    'The admin role cannot be deleted.': t`The admin role cannot be deleted.`,
    'This role is still given to users: take it from them first.': t`This role is still given to users: take it from them first.`,
    'This action is unauthorized.': t`This action is unauthorized.`,
    'No such user': t`No such user`,
    'No such role': t`No such role`,
    'Not a real date.': t`Not a real date.`,
    'This user holds rights you do not have: ask someone who has them.': t`This user holds rights you do not have: ask someone who has them.`,
  }
  const translate = (message: string) => known[message] ?? message

  return {
    translate,
    /** The shared schema's verdict on a form's values: the first message per field, translated. */
    checkFields<S extends v.GenericSchema>(schema: S, values: unknown) {
      const result = v.safeParse(schema, values)
      if (result.success) return {}
      const fields: Record<string, string> = {}
      for (const issue of result.issues) {
        const field = v.getDotPath(issue)?.split('.')[0] ?? '_'
        const missing = issue.received === 'undefined' && issue.kind === 'schema'
        fields[field] ??= missing ? t`This field is required.` : translate(issue.message)
      }
      return fields
    },
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
