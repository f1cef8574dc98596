import { useLingui } from '@lingui/react'
import { useClientValue } from '../../lib/client-value.ts'
import { confirmationKind } from '../../shared/schemas/admission-applications.ts'
import {
  dateOrderOf,
  parseTypedDate,
  regionalLocale,
  type DateOrder,
} from '../../shared/typed-date.ts'

/** Why a typed confirmation cannot be sent: nothing typed, a date of no real day, neither. */
export type ConfirmationProblem = 'missing' | 'no_such_day' | 'shape'

/**
 * What the attachment page sends for the phone or date of birth as typed: a date as written in
 * the applicant's order (14.03.2015) goes as YYYY-MM-DD, a phone as typed. A slip is caught here
 * and never sent, so it cannot count as a wrong guess (the server refuses it alike, uncounted).
 */
export function typedConfirmation(
  text: string,
  order: DateOrder,
): { send: string } | { problem: ConfirmationProblem } {
  const typed = text.trim()
  if (!typed) return { problem: 'missing' }
  const date = parseTypedDate(typed, order)
  if (date) return date.date ? { send: date.date } : { problem: 'no_such_day' }
  return confirmationKind(typed) ? { send: typed } : { problem: 'shape' }
}

/**
 * How this applicant writes dates: their order, and 14 March 2015 as they would type it. The
 * server renders the page's language's; the browser's own region (en-GB's order, not en's) right
 * after it takes the page over.
 */
export function useDateTyping(): { order: DateOrder; example: string } {
  const { i18n } = useLingui()
  const languages = useClientValue(() => navigator.languages.join(','), '')
  const locale = regionalLocale(i18n.locale, languages ? languages.split(',') : [])
  const example = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(2015, 2, 14))
  return { order: dateOrderOf(locale), example }
}
