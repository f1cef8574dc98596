import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { apiError, httpStatus, isOfflineWrite, retryAfterHeader } from './http-error.ts'
import { isUnreachable } from './read-through.ts'
import { issuesToErrors } from '../shared/schemas/issues.ts'
import { showToast } from './toasts.ts'

/**
 * The server answers in English; the messages a user can meet on these screens are shown in
 * their language, anything else as the server said it.
 */
export function useServerErrors() {
  const { t, i18n } = useLingui()
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
    'Too many codes were sent for this account. Try again later.': t`Too many codes were sent for this account. Try again later.`,
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
    'This role holds rights you do not have: ask someone who has them.': t`This role holds rights you do not have: ask someone who has them.`,
    // Accounting (src/shared/schemas/accounting.ts)
    'Not a valid identifier.': t`Not a valid identifier.`,
    'At most 120 characters.': t`At most 120 characters.`,
    'At most 500 characters.': t`At most 500 characters.`,
    'Please enter the account name.': t`Please enter the account name.`,
    'Digits only.': t`Digits only.`,
    'At least 1.': t`At least 1.`,
    'At most 4.': t`At most 4.`,
    'One entry per level (5).': t`One entry per level (5).`,
    'A month, 1–12.': t`A month, 1–12.`,
    'Enter an amount.': t`Enter an amount.`,
    'Amounts are whole minor units (no fractions).': t`Amounts are whole minor units (no fractions).`,
    'Amounts cannot be negative.': t`Amounts cannot be negative.`,
    'This amount is too large.': t`This amount is too large.`,
    'Unknown purpose.': t`Unknown purpose.`,
    'Choose the voucher type.': t`Choose the voucher type.`,
    'Please describe the voucher.': t`Please describe the voucher.`,
    'Each line is either a debit or a credit.': t`Each line is either a debit or a credit.`,
    'A voucher has at least two lines.': t`A voucher has at least two lines.`,
    'Debits and credits must be equal.': t`Debits and credits must be equal.`,
    'Use a date as YYYY-MM-DD.': t`Use a date as YYYY-MM-DD.`,
    'Unknown account.': t`Unknown account.`,
    'A sub-child head cannot have accounts under it.': t`A sub-child head cannot have accounts under it.`,
    'An account with postings cannot have accounts under it.': t`An account with postings cannot have accounts under it.`,
    'No free code is left under this head.': t`No free code is left under this head.`,
    'Another account has this code.': t`Another account has this code.`,
    'The five account types cannot be changed.': t`The five account types cannot be changed.`,
    'Choose a head outside this account.': t`Choose a head outside this account.`,
    'Choose a head one level above this account.': t`Choose a head one level above this account.`,
    'An account with postings cannot move to another account type.': t`An account with postings cannot move to another account type.`,
    'The five account types cannot be deleted.': t`The five account types cannot be deleted.`,
    'Delete or move the accounts under it first.': t`Delete or move the accounts under it first.`,
    'An account with postings cannot be deleted: deactivate it.': t`An account with postings cannot be deleted: deactivate it.`,
    'No such account': t`No such account`,
    'Name which one this is.': t`Name which one this is.`,
    'This purpose has a single account.': t`This purpose has a single account.`,
    'Choose a leaf account: heads take no postings.': t`Choose a leaf account: heads take no postings.`,
    'This account is deactivated.': t`This account is deactivated.`,
    'No such mapping': t`No such mapping`,
    'Only a leaf account takes postings.': t`Only a leaf account takes postings.`,
    'The fiscal year cannot move once vouchers are posted.': t`The fiscal year cannot move once vouchers are posted.`,
    'A receipt brings money in: debit a cash, bank or gateway account.': t`A receipt brings money in: debit a cash, bank or gateway account.`,
    'A payment pays money out: credit a cash, bank or gateway account.': t`A payment pays money out: credit a cash, bank or gateway account.`,
    'A contra voucher only moves money between cash, bank and gateway accounts.': t`A contra voucher only moves money between cash, bank and gateway accounts.`,
    'This account is mapped to a purpose: change the COA mapping first.': t`This account is mapped to a purpose: change the COA mapping first.`,
    'This account is mapped to a purpose of its type: change the COA mapping first.': t`This account is mapped to a purpose of its type: change the COA mapping first.`,
    // A retried save whose lines were changed meanwhile: the first one was posted.
    'This Idempotency-Key was used for a different voucher.': t`This voucher was already saved with other details: close the form and look at the list of vouchers.`,
    'This voucher has already been reversed.': t`This voucher has already been reversed.`,
    'A reversing voucher cannot itself be reversed.': t`A reversing voucher cannot itself be reversed.`,
    'A reversal cannot be dated before the voucher it reverses.': t`A reversal cannot be dated before the voucher it reverses.`,
    'No such voucher': t`No such voucher`,
    'This account is already on the other side: a voucher cannot debit and credit the same account.': t`This account is already on the other side: a voucher cannot debit and credit the same account.`,
    'The books cannot be closed beyond today.': t`The books cannot be closed beyond today.`,
    'The end is before the start.': t`The end is before the start.`,
    // Admission, applicant side (src/shared/schemas/admission.ts, server/modules/admission/public.ts)
    'Please enter the applicant’s name.': t`Please enter the applicant’s name.`,
    'The date of birth cannot be in the future.': t`The date of birth cannot be in the future.`,
    'Choose a gender.': t`Choose a gender.`,
    'Enter a phone number (digits, may start with +).': t`Enter a phone number (digits, may start with +).`,
    'Enter an email address.': t`Enter an email address.`,
    'At most 40 characters.': t`At most 40 characters.`,
    'At most 200 characters.': t`At most 200 characters.`,
    'At most 2000 characters.': t`At most 2000 characters.`,
    'Please answer this question.': t`Please answer this question.`,
    'This answer does not fit the question.': t`This answer does not fit the question.`,
    'An answer does not belong to a question of this form.': t`An answer does not belong to a question of this form.`,
    'Too many answers.': t`Too many answers.`,
    'Enter the phone number or date of birth given on the form.': t`Enter the phone number or date of birth given on the form.`,
    'We could not find this institute.': t`We could not find this institute.`,
    'We could not find this admission form.': t`We could not find this admission form.`,
    'We could not find this application.': t`We could not find this application.`,
    'This form is not taking applications now.': t`This form is not taking applications now.`,
    'This application can no longer be changed.': t`This application can no longer be changed.`,
    'This form asks for no attachment of this kind.': t`This form asks for no attachment of this kind.`,
    'This is not the phone number or date of birth given on the form.': t`This does not match the phone number or date of birth given on the form.`,
    'Choose a file.': t`Choose a file.`,
    'This file is empty.': t`This file is empty.`,
    'This file is too large.': t`This file is too large.`,
    'This type of file is not accepted here.': t`This type of file is not accepted here.`,
    'This file name cannot be accepted. Rename the file and try again.': t`This file name cannot be accepted. Rename the file and try again.`,
    // Refused by its content (src/server/lib/file-check.ts)
    'This file is damaged or not what its type says. Open it on your device, save it again and send the new copy.': t`This file is damaged or not what its type says. Open it on your device, save it again and send the new copy.`,
    'This PDF contains scripts, attached files or other active content. Print it to a new PDF, or scan it, and send that.': t`This PDF contains scripts, attached files or other active content. Print it to a new PDF, or scan it, and send that.`,
    'This PDF is protected (encrypted), so it cannot be checked. Save or print it as a new PDF without protection and send that.': t`This PDF is protected (encrypted), so it cannot be checked. Save or print it as a new PDF without protection and send that.`,
    'This image has too many pixels. Send a smaller picture.': t`This image has too many pixels. Send a smaller picture.`,
  }
  const day = (iso: string) => {
    const [year = 1970, month = 1, date = 1] = iso.split('-').map(Number)
    return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(year, month - 1, date),
    )
  }
  /** Messages that carry dates (YYYY-MM-DD), recognised by their shape. */
  const withDates: [RegExp, (dates: string[]) => string][] = [
    // src/server/modules/accounting/open-period.ts
    [
      /^The books are closed through (\S+): choose a date from (\S+) to (\S+)\.$/,
      ([lockDate, from, to]) =>
        t`The books are closed through ${lockDate}: choose a date from ${from} to ${to}.`,
    ],
    [
      /^Choose a date from (\S+) to (\S+): vouchers go in the previous, current or next fiscal year\.$/,
      ([from, to]) =>
        t`Choose a date from ${from} to ${to}: vouchers go in the previous, current or next fiscal year.`,
    ],
  ]
  const translate = (message: string) => {
    if (known[message]) return known[message]
    for (const [shape, render] of withDates) {
      const dates = shape.exec(message)?.slice(1)
      if (dates) return render(dates.map(day))
    }
    return message
  }
  /** "in 5 seconds", "in 2 minutes": when a refused call may be tried again, in the user's language. */
  const retryAfter = (err: unknown) => {
    const seconds = Math.max(1, Number(retryAfterHeader(err)) || 60)
    const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' })
    return seconds < 90
      ? format.format(seconds, 'second')
      : format.format(Math.ceil(seconds / 60), 'minute')
  }

  return {
    translate,
    /** The shared schema's verdict on a form's values: the first message per field, translated. */
    checkFields<S extends v.GenericSchema>(schema: S, values: unknown) {
      const result = v.safeParse(schema, values)
      if (result.success) return {}
      const fields: Record<string, string> = {}
      for (const [path, messages] of Object.entries(issuesToErrors(result.issues))) {
        fields[path.split('.')[0]!] ??= translate(messages[0]!)
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
      const when = retryAfter(err)
      const text = isOfflineWrite(err)
        ? t`You are offline, so nothing was sent. What you typed is still here: send it again once the connection is back.`
        : isUnreachable(err)
          ? t`The server could not be reached. Check the connection, then try again.`
          : body?.code === 'rate_limited'
            ? t`Too many attempts. Try again ${when}.`
            : body?.code === 'server_busy'
              ? t`Many people are signing in right now. Try again ${when}.`
              : body?.message && translate(body.message)
      showToast({ variant: 'error', title, text })
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
