import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate, todayIso } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { vatRateOn } from '../../shared/fees/vat.ts'
import type { VatRateRow } from '../../shared/schemas/fee-heads.ts'
import { percentInput } from '../../lib/rate-text.ts'

/** A VAT rate in words: "15 % (added to the amount)". */
export function useVatRateLabel() {
  const { t } = useLingui()
  const money = useMoney()
  return (r: Pick<VatRateRow, 'rateBp' | 'inclusive'>) => {
    const percent = percentInput(r.rateBp, money.decimal)
    return r.inclusive
      ? t`${percent} % (included in the amount)`
      : t`${percent} % (added to the amount)`
  }
}

/**
 * A head's VAT today, and the next rate when one is to come: what both the fee-head list and the
 * VAT page show, from the one place a head's VAT is kept (its rates).
 */
export function VatToday({ rates }: { rates: readonly VatRateRow[] }): ReactElement {
  const label = useVatRateLabel()
  const { date } = useFormat()
  const today = todayIso()
  const current = vatRateOn(rates, today)
  const next = rates
    .filter((r) => r.effectiveFrom > today)
    .reduce<VatRateRow | null>((a, r) => (!a || r.effectiveFrom < a.effectiveFrom ? r : a), null)
  const from = next && date(dayDate(next.effectiveFrom), 'medium')
  const nextRate = next && label(next)
  return (
    <>
      {current ? label(current) : <Trans>No VAT</Trans>}
      {next && (
        <small className="muted block">
          <Trans>
            From {from}: {nextRate}
          </Trans>
        </small>
      )}
    </>
  )
}
