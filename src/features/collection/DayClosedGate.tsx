import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement, ReactNode } from 'react'
import { useFormat } from '../../lib/format.ts'
import { todayClosedQuery } from './queries.ts'

/**
 * The counter's payment part while the cashier's day is open; once it is closed, a notice of
 * who closed it and when instead, so no payment is keyed only to be refused at Save. Until the
 * day is read (or offline), the payment part shows: the server refuses a closed day anyway.
 */
export function DayClosedGate({ children }: { children: ReactNode }): ReactElement {
  const { dateTime } = useFormat()
  const { data: day } = useQuery(todayClosedQuery())
  const closing = day?.closing
  if (!closing) return <>{children}</>
  const by = closing.closedBy ?? day.cashierName
  const at = dateTime(new Date(closing.closedAt))
  return (
    <div className="alert alert-warning" role="status" data-testid="day-closed">
      <p>
        <Trans>
          Your day is closed: {by} closed it, {at}. No payment is taken until it is reopened.
        </Trans>
      </p>
      <Link to="/payment-collection/day">
        <Trans>See my day</Trans>
      </Link>
    </div>
  )
}
