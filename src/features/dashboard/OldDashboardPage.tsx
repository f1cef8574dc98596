import './dashboard.css'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import type { DashboardQuery } from '../../shared/schemas/report-search.ts'
import { CollectionFigures, hasCollectionFigures } from './CollectionFigures.tsx'
import { useFigureTiles, type FigureTile } from './figure-tiles.tsx'
import { dashboardFiguresQuery } from './queries.ts'

function PlainTile({ tile }: { tile: FigureTile }) {
  const headingId = useId()
  return (
    <section
      className="card figure-tile"
      aria-labelledby={headingId}
      data-testid={`tile-${tile.key}`}
    >
      <h2 id={headingId}>{tile.title}</h2>
      {tile.table}
      <p className="figure-tile-opens">{tile.opens}</p>
    </section>
  )
}

/** /old-dashboard: the analytics' figures as plain tiles of figures and tables, no charts. */
export function OldDashboardPage({ search }: { search: DashboardQuery }) {
  const { data } = useSuspenseQuery(dashboardFiguresQuery(search, '/old-dashboard'))
  const tiles = useFigureTiles(data, search.asOf)
  const { date } = useFormat()
  const day = date(dayDate(data.asOf), 'long')
  return (
    <div className="page">
      <PrintHeader filters={[{ label: <Trans>As of</Trans>, value: day }]} />
      <PageHeader
        title={<Trans>Figures at a glance</Trans>}
        subtitle={<Trans>The institute’s money as of {day}.</Trans>}
        actions={
          <div className="header-buttons no-print">
            <Link to="/dashboard/analytics" search={{ asOf: search.asOf }} className="button">
              <Trans>Charts</Trans>
            </Link>
          </div>
        }
      />
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
            <PlainTile key={tile.key} tile={tile} />
          ))}
        </div>
      )}
    </div>
  )
}
