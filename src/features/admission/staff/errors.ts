import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { apiError, httpStatus } from '../../../lib/api.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { issuesToErrors } from '../../../shared/schemas/issues.ts'

/**
 * The shared server errors, with the messages of the admission schemas and answers in the
 * user's language, and issues kept per nested field (`questions.2.options`) so the form
 * editor can show each under its own input.
 */
export function useAdmissionErrors() {
  const { t } = useLingui()
  const base = useServerErrors()
  const known: Record<string, string> = {
    'Please enter a title.': t`Please enter a title.`,
    'Please enter the academic session.': t`Please enter the academic session.`,
    'Please enter the class.': t`Please enter the class.`,
    'Use lower-case letters, digits and dashes.': t`Use lower-case letters, digits and dashes.`,
    'Please enter the question.': t`Please enter the question.`,
    'Choose the kind of answer.': t`Choose the kind of answer.`,
    'An option cannot be empty.': t`An option cannot be empty.`,
    'At most 30 options.': t`At most 30 options.`,
    'A choice needs at least two options.': t`A choice needs at least two options.`,
    'Please name the attachment.': t`Please name the attachment.`,
    'Unsupported file type.': t`Unsupported file type.`,
    'Allow at least one file type.': t`Allow at least one file type.`,
    'Enter a size limit.': t`Enter a size limit.`,
    'Enter a size limit in bytes.': t`Enter a size limit in bytes.`,
    'At least 1 KB.': t`At least 1 KB.`,
    'At most 10 MB.': t`At most 10 MB.`,
    'Unknown field.': t`Unknown field.`,
    'At most 30 questions.': t`At most 30 questions.`,
    'Two questions have the same key.': t`Two questions have the same key.`,
    'At most 10 attachments.': t`At most 10 attachments.`,
    'Two attachments have the same key.': t`Two attachments have the same key.`,
    'This key is taken; choose another.': t`This key is taken; choose another.`,
    'The form cannot close before it opens.': t`The form cannot close before it opens.`,
    'Please give the reason for the rejection.': t`Please give the reason for the rejection.`,
    'Unknown status.': t`Unknown status.`,
    'No such form': t`No such form`,
    'No such applicant': t`No such applicant`,
    'No such attachment': t`No such attachment`,
  }
  const translate = (message: string): string => {
    const own = known[message]
    if (own) return own
    const atMost = /^At most (\d+) characters\.$/.exec(message)?.[1]
    if (atMost) return t`At most ${atMost} characters.`
    return base.translate(message)
  }

  return {
    translate,
    /** The schema's verdict per full field path (`questions.0.id`), first message each. */
    issues<S extends v.GenericSchema>(schema: S, values: unknown): Record<string, string> {
      const result = v.safeParse(schema, values)
      if (result.success) return {}
      return Object.fromEntries(
        Object.entries(issuesToErrors(result.issues)).map(([path, messages]) => [
          path,
          translate(messages[0]!),
        ]),
      )
    },
    /** The server's message for each field of a 422, by the full path it names. */
    fieldErrors(err: unknown): Record<string, string> {
      const errors = httpStatus(err) === 422 ? apiError(err)?.errors : undefined
      const fields: Record<string, string> = {}
      for (const [path, messages] of Object.entries(errors ?? {})) {
        const first = messages[0]
        if (first) fields[path] = translate(first)
      }
      return fields
    },
    /** A failure that is not a field's, as an error toast; the admission codes in words. */
    toastUnlessFieldError(err: unknown, title: string) {
      if (httpStatus(err) === 422) return
      const body = apiError(err)
      const code = body?.code
      if (code === 'form_in_use') {
        showToast({
          variant: 'error',
          title,
          text: t`Applications have arrived for this form, so it cannot be deleted. Unpublish or close it instead.`,
        })
      } else if (code === 'invalid_status') {
        showToast({
          variant: 'error',
          title,
          text: t`The application’s status changed in the meantime. It has been reloaded: look again before deciding.`,
        })
      } else if (code === 'rate_limited' || !body) {
        base.toastUnlessFieldError(err, title)
      } else {
        showToast({ variant: 'error', title, text: translate(body.message) })
      }
    },
  }
}
