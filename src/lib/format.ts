import { useLingui } from '@lingui/react'
import { formatMoney } from '../shared/money.ts'

/** Numbers, dates and money in the active language's conventions. */
export function useFormat() {
  const { i18n } = useLingui()
  const locale = i18n.locale
  return {
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
    date: (d: Date | number, style: 'short' | 'medium' | 'long' | 'full' = 'long') =>
      new Intl.DateTimeFormat(locale, { dateStyle: style }).format(d),
    dateTime: (d: Date | number) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d),
    money: (minor: number | bigint, currency: string) => formatMoney(minor, currency, locale),
  }
}
