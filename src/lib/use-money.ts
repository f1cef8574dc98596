import { useLingui } from '@lingui/react/macro'
import {
  balanceSide,
  minorToDecimalString,
  minorUnitDigits,
  parseMajorAmount,
} from '../shared/money.ts'
import { useFormat } from './format.ts'
import { useInstitute } from './institute.ts'

/** The institute's currency, and money in it: shown, typed, and balances with their side. */
export function useMoney() {
  const { t, i18n } = useLingui()
  const { money } = useFormat()
  // What the user types as the decimal separator in their language ("," in de, fr, pt).
  const decimal =
    new Intl.NumberFormat(i18n.locale).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value === ','
      ? ','
      : '.'
  const institute = useInstitute()
  const currency = institute?.currency ?? 'BDT'
  // The digits stored with the institute: what its amounts in minor units mean.
  const digits = institute?.currencyDigits ?? minorUnitDigits(currency)
  return {
    currency,
    digits,
    /** The decimal separator the user types. */
    decimal: decimal as '.' | ',',
    format: (minor: number) => money(minor, currency, digits),
    /** A balance (debit minus credit) as "৳1,000.00 Dr" or "… Cr". */
    balance(value: number): string {
      const { amount, side } = balanceSide(value)
      const text = money(amount, currency, digits)
      if (side === 'debit') return t`${text} Dr`
      if (side === 'credit') return t`${text} Cr`
      return text
    },
    /** Minor units from typed text: empty is nothing (0), undefined when it is not an amount. */
    parse: (text: string): number | undefined =>
      text.trim() === '' ? 0 : parseMajorAmount(text, digits, decimal),
    /** Minor units as text to edit ("1250.50", "1250,50" in de, fr, pt). */
    toInput: (minor: number) => minorToDecimalString(minor, digits).replace('.', decimal),
  }
}
