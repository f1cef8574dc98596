import { Trans } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement, ReactNode } from 'react'
import { getJson } from '../../lib/api.ts'
import { useFormat } from '../../lib/format.ts'
import { CashierDaySchema } from '../../shared/schemas/collection-days.ts'
import { collectionKey } from './queries.ts'

/**
 * The caller's day today, for the counter: its own key, so the day screen reads its figures
 * afresh rather than the counter's copy; a plain read (offline, the payment part shows).
 */
const todayQuery = queryOptions({
  queryKey: [...collectionKey, 'today-closed'],
  queryFn: () => getJson('collection/days', CashierDaySchema),
  retry: false,
})

/**
 * The counter's payment part while the cashier's day is open; once it is closed, a notice of
 * who closed it and when instead, so no payment is keyed only to be refused at Save. Until the
 * day is read (or offline), the payment part shows: the server refuses a closed day anyway.
 */
export function DayClosedGate({ children }: { children: ReactNode }): ReactElement {
  const { dateTime } = useFormat()
  const { data: day } = useQuery(todayQuery)
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
