import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { agingBucketNames } from '../../shared/messages/aging-buckets.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import type { Dashboard } from '../../shared/schemas/report-dashboard.ts'
import { agingBuckets } from '../../shared/schemas/reports.ts'
import type { ChartSpec } from './chart-spec.ts'
import {
  AgingTable,
  ClassDuesTable,
  FamiliesTable,
  MethodTable,
  TrendTable,
  VouchersTable,
  useMonthName,
} from './FigureTables.tsx'

/** One of the dashboards' tiles: a report summed up, the link that opens it, its figures. */
export interface FigureTile {
  key: string
  title: string
  /** Opens the report behind the tile, with the tile's filters. */
  opens: ReactNode
  table: ReactNode
  /** What /dashboard/analytics draws of it; tiles that are lists have none. */
  chart?: ChartSpec
}

/**
 * The tiles of the figures the user may read (the server leaves the others out), in the
 * dashboards' order. `asOf`: the day asked for, carried into the reports opened (none: today).
 */
export function useFigureTiles(figures: Dashboard, asOf: string | undefined): FigureTile[] {
  const { t, i18n } = useLingui()
  const monthName = useMonthName()
  const { trend, duesByClass, aging, receiptsByMethod, topFamilies, latestVouchers } = figures
  const tiles: FigureTile[] = []
  if (trend) {
    const title = t`Collection against billing, 12 months`
    tiles.push({
      key: 'trend',
      title,
      opens: (
        <Link to="/paid-report" search={{ from: trend[0]!.from, to: figures.asOf, groupBy: 'day' }}>
          <Trans>Open the paid report</Trans>
        </Link>
      ),
      table: <TrendTable caption={title} trend={trend} />,
      chart: {
        labels: trend.map((m) => monthName(m.month)),
        series: [
          { label: t`Collected`, values: trend.map((m) => m.collectedMinor), style: 'bar' },
          { label: t`Billed`, values: trend.map((m) => m.billedMinor), style: 'line' },
        ],
      },
    })
  }
  if (duesByClass) {
    const title = t`Dues by class`
    tiles.push({
      key: 'classes',
      title,
      opens: (
        <Link to="/due-report" search={{ asOf }}>
          <Trans>Open the due report</Trans>
        </Link>
      ),
      table: <ClassDuesTable caption={title} rows={duesByClass} asOf={asOf} />,
      chart: {
        labels: duesByClass.map((c) => c.className ?? t`No class`),
        series: [{ label: t`Due`, values: duesByClass.map((c) => c.principalMinor), style: 'bar' }],
        horizontal: true,
      },
    })
  }
  if (aging) {
    const title = t`Dues by age`
    tiles.push({
      key: 'aging',
      title,
      opens: (
        <Link to="/due-report" search={{ asOf, sortBy: 'dueDate' }}>
          <Trans>Open the due report</Trans>
        </Link>
      ),
      table: <AgingTable caption={title} aging={aging} />,
      chart: {
        labels: agingBuckets.map((b) => i18n._(agingBucketNames[b])),
        series: [{ label: t`Due`, values: agingBuckets.map((b) => aging[b]), style: 'bar' }],
      },
    })
  }
  if (receiptsByMethod) {
    const title = t`This month’s receipts by method`
    const period = { from: figures.month.from, to: figures.month.to }
    tiles.push({
      key: 'methods',
      title,
      opens: (
        <Link to="/paid-report" search={{ ...period, groupBy: 'method' }}>
          <Trans>Open the paid report</Trans>
        </Link>
      ),
      table: <MethodTable caption={title} rows={receiptsByMethod} {...period} />,
      chart: {
        labels: receiptsByMethod.map((m) => i18n._(tenderMethodLabels[m.method])),
        series: [
          { label: t`Amount`, values: receiptsByMethod.map((m) => m.amountMinor), style: 'bar' },
        ],
        horizontal: true,
      },
    })
  }
  if (topFamilies) {
    const title = t`Families owing most past due`
    tiles.push({
      key: 'families',
      title,
      opens: (
        <Link to="/due-report" search={{ asOf, sortBy: 'principal', sortDesc: true }}>
          <Trans>Open the due report</Trans>
        </Link>
      ),
      table: <FamiliesTable caption={title} families={topFamilies} asOf={asOf} />,
    })
  }
  if (latestVouchers) {
    const title = t`Latest vouchers`
    tiles.push({
      key: 'vouchers',
      title,
      opens: (
        <Link to="/vouchers">
          <Trans>Open the vouchers</Trans>
        </Link>
      ),
      table: <VouchersTable caption={title} vouchers={latestVouchers} />,
    })
  }
  return tiles
}
