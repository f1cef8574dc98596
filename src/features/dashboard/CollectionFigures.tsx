import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useMoney } from '../../lib/use-money.ts'
import type {
  CollectionFigures as Figures,
  Dashboard,
} from '../../shared/schemas/report-dashboard.ts'

function Figure({
  label,
  minor,
  opens,
}: {
  label: ReactNode
  minor: number | null
  opens?: Figures
}) {
  const money = useMoney()
  if (minor === null) return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {opens ? (
          <Link to="/paid-report" search={{ from: opens.from, to: opens.to, groupBy: 'day' }}>
            {money.format(minor)}
          </Link>
        ) : (
          money.format(minor)
        )}
      </dd>
    </div>
  )
}

/** Whether the user may read any of today's and this month's figures. */
export const hasCollectionFigures = ({ today }: Dashboard) =>
  today.collectedMinor !== null || today.billedMinor !== null

/**
 * Today's and this month's money collected (opening the paid report of those days) against
 * money billed: each figure only for the users who may read its report.
 */
export function CollectionFigures({ figures }: { figures: Dashboard }) {
  const { today, month } = figures
  return (
    <dl className="report-totals" data-testid="collection-figures">
      <Figure label={<Trans>Collected today</Trans>} minor={today.collectedMinor} opens={today} />
      <Figure label={<Trans>Billed today</Trans>} minor={today.billedMinor} />
      <Figure
        label={<Trans>Collected this month</Trans>}
        minor={month.collectedMinor}
        opens={month}
      />
      <Figure label={<Trans>Billed this month</Trans>} minor={month.billedMinor} />
    </dl>
  )
}
