import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { useMoney } from '../../lib/use-money.ts'
import type { CashierDay } from '../../shared/schemas/collection-days.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'

/**
 * What the cashier took in the day by method (standing receipts), and how the cash the drawer
 * should hold comes about: the cash taken, less each cancelled receipt's cash and the advances
 * refunded in cash, each its own line.
 */
export function DayFigures({ day }: { day: CashierDay }): ReactElement {
  const { i18n } = useLingui()
  const money = useMoney()
  const expected = money.format(day.expectedCashMinor)
  const cancelledCount = day.cancelled.receipts
  const cancelledAmount = money.format(day.cancelled.amountMinor)
  const onlineCount = day.online.receipts
  const onlineAmount = money.format(day.online.amountMinor)
  return (
    <section className="card" aria-labelledby="day-methods">
      <h2 id="day-methods">
        <Trans>Taken by method</Trans>
      </h2>
      {day.byMethod.length === 0 ? (
        <p className="muted">
          <Trans>Nothing taken.</Trans>
        </p>
      ) : (
        <dl className="facts" data-testid="day-methods">
          {day.byMethod.map((m) => {
            const count = m.receipts
            return (
              <div key={m.method} className="facts-row">
                <dt>{i18n._(tenderMethodLabels[m.method])}</dt>
                <dd>
                  {money.format(m.amountMinor)}{' '}
                  <span className="muted">
                    <Plural value={count} one="(# receipt)" other="(# receipts)" />
                  </span>
                </dd>
              </div>
            )
          })}
        </dl>
      )}
      {day.online.receipts > 0 && (
        <p data-testid="day-online">
          <Plural
            value={onlineCount}
            one={`Paid online the same day: # receipt of ${onlineAmount}, in the gateway’s account and in no drawer.`}
            other={`Paid online the same day: # receipts of ${onlineAmount}, in the gateway’s account and in no drawer.`}
          />
        </p>
      )}
      <h3>
        <Trans>Cash in the drawer</Trans>
      </h3>
      <dl className="facts" data-testid="day-cash">
        <div className="facts-row">
          <dt>
            <Trans>Cash taken</Trans>
          </dt>
          <dd>{money.format(day.cashTakenMinor)}</dd>
        </div>
        {day.cancelled.receipts > 0 && (
          <div className="facts-row" data-testid="day-cancellations">
            <dt>
              <Plural
                value={cancelledCount}
                one={`Cancelled: # receipt of ${cancelledAmount}, its cash handed back`}
                other={`Cancelled: # receipts of ${cancelledAmount}, their cash handed back`}
              />
            </dt>
            <dd>{money.format(-day.cancelled.cashMinor)}</dd>
          </div>
        )}
        {day.advancesRefundedCashMinor > 0 && (
          <div className="facts-row">
            <dt>
              <Trans>Advances refunded in cash</Trans>
            </dt>
            <dd>{money.format(-day.advancesRefundedCashMinor)}</dd>
          </div>
        )}
        {day.advancesTakenMinor > 0 && (
          <div className="facts-row">
            <dt>
              <Trans>Kept as advance (in the amounts above)</Trans>
            </dt>
            <dd>{money.format(day.advancesTakenMinor)}</dd>
          </div>
        )}
      </dl>
      <p data-testid="expected-cash">
        <strong>
          <Trans>Cash the drawer should hold: {expected}</Trans>
        </strong>
      </p>
    </section>
  )
}
