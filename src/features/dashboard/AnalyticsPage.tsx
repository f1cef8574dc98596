import './dashboard.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { AsOfFilter } from '../../components/report/AsOfFilter.tsx'
import { Icon } from '../../components/icons.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import type { DashboardQuery } from '../../shared/schemas/report-search.ts'
import { ChartCanvas } from './ChartCanvas.tsx'
import { CollectionFigures, hasCollectionFigures } from './CollectionFigures.tsx'
import { useFigureTiles, type FigureTile } from './figure-tiles.tsx'
import { dashboardFiguresQuery } from './queries.ts'

/** A tile: its chart, or (toggled, and always on paper) the chart's table; and its report. */
function ChartTile({ tile }: { tile: FigureTile }) {
  const { t } = useLingui()
  const headingId = useId()
  const [asTable, setAsTable] = useState(false)
  const charted = tile.chart !== undefined && !asTable
  const title = tile.title
  return (
    <section
      className="card figure-tile"
      aria-labelledby={headingId}
      data-testid={`tile-${tile.key}`}
    >
      <div className="figure-tile-head">
        <h2 id={headingId}>{tile.title}</h2>
        {tile.chart && (
          <button
            type="button"
            className="button"
            aria-pressed={asTable}
            onClick={() => setAsTable(!asTable)}
          >
            <Trans>Table view</Trans>
          </button>
        )}
      </div>
      {tile.chart && !asTable && (
        <div role="img" aria-label={t`${title}: a chart; its table view lists the figures.`}>
          <ChartCanvas spec={tile.chart} />
        </div>
      )}
      <div className="chart-table" hidden={charted}>
        {tile.table}
      </div>
      <p className="figure-tile-opens">{tile.opens}</p>
    </section>
  )
}

/**
 * /dashboard/analytics: the institute's money as of a day in charts — twelve months of
 * collection against billing, dues by class and by age, this month's receipts by method, the
 * families owing most and the latest vouchers — each tile opening the report behind it.
 */
export function AnalyticsPage({
  search,
  onAsOfChange,
}: {
  search: DashboardQuery
  onAsOfChange: (asOf: string | undefined) => void
}) {
  const { data } = useSuspenseQuery(dashboardFiguresQuery(search, '/dashboard/analytics'))
  const tiles = useFigureTiles(data, search.asOf)
  const { date } = useFormat()
  const day = date(dayDate(data.asOf), 'long')
  return (
    <div className="page">
      <PrintHeader filters={[{ label: <Trans>As of</Trans>, value: day }]} />
      <PageHeader
        title={<Trans>Analytics</Trans>}
        subtitle={<Trans>The institute’s money as of {day}.</Trans>}
        actions={
          <div className="header-buttons no-print">
            <Link to="/old-dashboard" search={{ asOf: search.asOf }} className="button">
              <Trans>Plain view</Trans>
            </Link>
            <button type="button" className="button" onClick={() => window.print()}>
              <Icon name="printer" /> <Trans>Print</Trans>
            </button>
          </div>
        }
      />
      <div className="toolbar no-print">
        <AsOfFilter value={search.asOf ?? data.asOf} onChange={onAsOfChange} />
      </div>
      {hasCollectionFigures(data) && (
        <section className="card">
          <CollectionFigures figures={data} />
        </section>
      )}
      {tiles.length === 0 ? (
        <p className="card muted">
          <Trans>These figures come from the reports, and your role may read none of them.</Trans>
        </p>
      ) : (
        <div className="figure-tiles">
          {tiles.map((tile) => (
            <ChartTile key={tile.key} tile={tile} />
          ))}
        </div>
      )}
    </div>
  )
}
