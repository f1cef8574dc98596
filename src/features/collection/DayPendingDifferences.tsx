import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { CashierDay } from '../../shared/schemas/collection-days.ts'
import type { DayPageSearch } from '../../shared/schemas/collection-search.ts'

/** For who may approve them: the closings whose difference waits, each a link to its day. */
export function PendingDifferences({
  day,
  onSearch,
}: {
  day: CashierDay
  onSearch: (search: DayPageSearch) => void
}): ReactElement {
  const money = useMoney()
  const { date } = useFormat()
  return (
    <section className="card" aria-labelledby="day-pending">
      <h2 id="day-pending">
        <Trans>Differences awaiting approval</Trans>
      </h2>
      <ul data-testid="day-pending">
        {day.pendingDifferences.map((p) => {
          const name = p.cashierName
          const when = date(dayDate(p.day), 'long')
          const difference = money.format(p.differenceMinor)
          return (
            <li key={p.closingId}>
              <button
                type="button"
                className="button-link"
                onClick={() => onSearch({ day: p.day, cashierId: p.cashierId })}
              >
                <Trans>
                  {name}, {when}: {difference}
                </Trans>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
