import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { apiError, httpStatus, isOfflineWrite, retryAfterHeader } from './http-error.ts'
import { isUnreachable } from './read-through.ts'
import type { ErrorDetail, ErrorValues } from '../shared/schemas/api-error.ts'
import { issuesToDetails } from '../shared/schemas/issues.ts'
import { errorId } from './error-id.ts'
import { loadErrorStrings } from './i18n.ts'
import { showToast } from './toasts.ts'

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/

/** A 422, or a 409 naming the field whose value clashes (a taken slug or code): the form's own. */
const isFieldRefusal = (err: unknown) =>
  httpStatus(err) === 422 || (httpStatus(err) === 409 && apiError(err)?.fields !== undefined)

/**
 * Refusals in the user's language: the server and the shared schemas name a code of the error
 * catalogue (src/shared/errors/catalogue.ts) and its values; this renders it through Lingui.
 */
export function useServerErrors() {
  const { t, i18n } = useLingui()
  /** Values as the user reads them: a YYYY-MM-DD date in their language's long form. */
  const readable = (values: ErrorValues = {}) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        const day = typeof value === 'string' ? isoDay.exec(value) : null
        if (!day) return [name, value]
        const date = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
        const style = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' })
        return [name, style.format(date)]
      }),
    )
  /**
   * One refusal in words; a code this client does not know, as the server said it. A code's
   * words are the `errors` catalog's `error.<code>` (extracted from src/shared/errors), which
   * the browser fetches once a page is up (lib/i18n.ts): until they are there, the server's words
   * or a general line, and the page renders again when they come.
   */
  const translate = (detail: ErrorDetail, serverText?: string): string => {
    const id = errorId(detail.code)
    if (i18n.messages[id] !== undefined) return i18n._(id, readable(detail.values))
    if (i18n.messages[errorId('invalid_value')] === undefined) void loadErrorStrings()
    return serverText ?? t`Check this value.`
  }
  /** What a failed call's answer refused, in words, or undefined when it carries no answer. */
  const refusalText = (err: unknown): string | undefined => {
    const body = apiError(err)
    return body?.code
      ? translate({ code: body.code, values: body.values }, body.message)
      : body?.message
  }
  /** The refusals of each field of a 422 (or of the shared schema), the first one in words. */
  const firstPerField = (fields: Record<string, ErrorDetail[]> = {}) => {
    const words: Record<string, string> = {}
    for (const [path, details] of Object.entries(fields)) {
      if (details[0]) words[path] = translate(details[0])
    }
    return words
  }

  /** "in 5 seconds", "in 2 minutes": when a refused call may be tried again, in the user's language. */
  const retryAfter = (err: unknown) => {
    const seconds = Math.max(1, Number(retryAfterHeader(err)) || 60)
    const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' })
    return seconds < 90
      ? format.format(seconds, 'second')
      : format.format(Math.ceil(seconds / 60), 'minute')
  }

  /** The shared schema's verdict on a form's values: each path's first refusal, in words. */
  const issues = <S extends v.GenericSchema>(schema: S, values: unknown) => {
    const result = v.safeParse(schema, values)
    return result.success ? {} : firstPerField(issuesToDetails(result.issues))
  }

  return {
    translate,
    refusalText,
    issues,
    /** The schema's verdict per top-level field (`lines`, not `lines.0.amount`). */
    checkFields<S extends v.GenericSchema>(schema: S, values: unknown) {
      const fields: Record<string, string> = {}
      for (const [path, words] of Object.entries(issues(schema, values))) {
        fields[path.split('.')[0]!] ??= words
      }
      return fields
    },
    /**
     * §8: a recovery call answered 404 shows the server's message as an error toast; other
     * failures are only logged. Validation errors (422) stay with their fields.
     */
    report(err: unknown, title: string) {
      const status = httpStatus(err)
      const text = refusalText(err)
      if (status === 404 && text) showToast({ variant: 'error', title, text })
      else if (status !== 422) console.error(err)
    },
    /**
     * A form's failure other than a field's (those show under the inputs) as an error toast; its
     * id, so that the form can take it back when a new attempt is made.
     */
    toastUnlessFieldError(err: unknown, title: string): number | undefined {
      if (isFieldRefusal(err)) return undefined
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
              : refusalText(err)
      return showToast({ variant: 'error', title, text })
    },
    /** The refusal of each field of a 422 (or a 409 naming one) by its full path, to show under the inputs. */
    fieldErrors(err: unknown): Record<string, string> {
      return isFieldRefusal(err) ? firstPerField(apiError(err)?.fields) : {}
    },
  }
}
