import { useLingui } from '@lingui/react'
import { dateTimeFormat, numberFormat } from '../shared/intl-formats.ts'
import { formatMoney } from '../shared/money.ts'
import { useInstitute } from './institute.ts'

/**
 * Numbers, dates and money in the active language's conventions. Moments (a sign-in, a
 * submission) are shown on the signed-in institute's clock; days (YYYY-MM-DD, see dayDate) as
 * they are.
 */
export function useFormat() {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const timeZone = useInstitute()?.timezone
  return {
    number: (n: number) => numberFormat(locale).format(n),
    date: (d: Date | number, style: 'short' | 'medium' | 'long' | 'full' = 'long') =>
      dateTimeFormat(locale, { dateStyle: style }).format(d),
    dateTime: (d: Date | number) =>
      dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d),
    /** A moment on another clock than the viewer's, naming it ("6 Dec 2026, 10:42 Bangladesh Time"). */
    zonedDateTime: (d: Date | number, zone: string) =>
      dateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
        timeZoneName: 'shortGeneric',
      }).format(d),
    /** `digits`: the institute's stored minor-unit digits (the currency's own by default). */
    money: (minor: number | bigint, currency: string, digits?: number) =>
      formatMoney(minor, currency, locale, digits),
  }
}
