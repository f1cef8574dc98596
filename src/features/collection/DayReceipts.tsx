import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { VirtualRows } from '../../components/table/VirtualRows.tsx'
import type { CashierDay } from '../../shared/schemas/collection-days.ts'

/**
 * Every receipt of the day, cancelled ones marked with when they were cancelled. A busy day's
 * hundreds are drawn near the window only (`VirtualRows`), all of them on paper.
 */
export function DayReceipts({ day }: { day: CashierDay }): ReactElement {
  const money = useMoney()
  const { dateTime } = useFormat()
  return (
    <section className="card" aria-labelledby="day-receipts">
      <h2 id="day-receipts">
        <Trans>Receipts</Trans>
      </h2>
      <div className="table-wrap">
        <table className="table" aria-rowcount={day.receipts.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">
                <Trans>Receipt</Trans>
              </th>
              <th scope="col">
                <Trans>Time</Trans>
              </th>
              <th scope="col">
                <Trans>Students</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Received</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            <VirtualRows
              count={day.receipts.length}
              columns={4}
              before={1}
              row={(i, props) => {
                const r = day.receipts[i]!
                return (
                  <tr
                    key={r.id}
                    className={r.status === 'cancelled' ? 'muted' : undefined}
                    {...props}
                  >
                    <th scope="row">
                      <Link to="/payment-collection" search={{ receiptId: r.id }}>
                        {r.number}
                      </Link>
                      {r.status === 'cancelled' && (
                        <span className="badge badge-danger">
                          {' '}
                          <Trans>Cancelled</Trans>
                        </span>
                      )}
                      {r.cancelledOn && <CancelledWhen receipt={r} day={day.day} />}
                    </th>
                    <td>{dateTime(new Date(r.receivedAt))}</td>
                    <td>{r.students}</td>
                    <td className="amount">{money.format(r.amountMinor)}</td>
                  </tr>
                )
              }}
            />
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** When a receipt of the day was cancelled, if not that day or after the day was closed. */
function CancelledWhen({
  receipt,
  day,
}: {
  receipt: CashierDay['receipts'][number]
  day: string
}): ReactElement | null {
  const { date } = useFormat()
  const on = receipt.cancelledOn ? date(dayDate(receipt.cancelledOn), 'long') : ''
  if (receipt.cancelledOn !== day) {
    return (
      <small className="muted counter-day-cancelled">
        {receipt.cancelledAfterClosing ? (
          <Trans>cancelled on {on}, after the day was closed</Trans>
        ) : (
          <Trans>cancelled on {on}</Trans>
        )}
      </small>
    )
  }
  return receipt.cancelledAfterClosing ? (
    <small className="muted counter-day-cancelled">
      <Trans>cancelled after the day was closed</Trans>
    </small>
  ) : null
}

/** Receipts the user cancelled that day, taken on another day or by another cashier. */
export function CancelledHere({ day }: { day: CashierDay }): ReactElement {
  const money = useMoney()
  const { date } = useFormat()
  const name = day.cashierName
  return (
    <section className="card" aria-labelledby="day-cancelled-here">
      <h2 id="day-cancelled-here">
        <Trans>Other receipts {name} cancelled</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Taken on another day or by another cashier: each counts against the day it was taken.
        </Trans>
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="day-cancelled-here">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Receipt</Trans>
              </th>
              <th scope="col">
                <Trans>Taken on</Trans>
              </th>
              <th scope="col">
                <Trans>Cashier</Trans>
              </th>
              <th scope="col">
                <Trans>Reason</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Received</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {day.cancelledHere.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to="/payment-collection" search={{ receiptId: r.id }}>
                    {r.number}
                  </Link>
                </th>
                <td>{date(dayDate(r.receivedOn), 'long')}</td>
                <td>{r.cashierName ?? '—'}</td>
                <td>{r.reason}</td>
                <td className="amount">{money.format(r.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
