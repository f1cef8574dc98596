import { useLingui } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'
import { session } from '../../lib/session.ts'
import { minorToDecimalString, minorUnitDigits, parseMajorAmount } from '../../shared/money.ts'
import { balanceSide } from './chart.ts'

/** The institute's currency, and money in it: shown, typed, and balances with their side. */
export function useMoney() {
  const { t } = useLingui()
  const { money } = useFormat()
  const currency = session.userData()?.institute?.currency ?? 'BDT'
  const digits = minorUnitDigits(currency)
  return {
    currency,
    digits,
    format: (minor: number) => money(minor, currency),
    /** A balance (debit minus credit) as "৳1,000.00 Dr" or "… Cr". */
    balance(value: number): string {
      const { amount, side } = balanceSide(value)
      const text = money(amount, currency)
      if (side === 'debit') return t`${text} Dr`
      if (side === 'credit') return t`${text} Cr`
      return text
    },
    /** Minor units from typed text: empty is nothing (0), undefined when it is not an amount. */
    parse: (text: string): number | undefined =>
      text.trim() === '' ? 0 : parseMajorAmount(text, digits),
    /** Minor units as text to edit ("1250.50"). */
    toInput: (minor: number) => minorToDecimalString(minor, digits),
  }
}
