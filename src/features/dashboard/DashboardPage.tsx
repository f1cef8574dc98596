import './dashboard.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { Icon } from '../../components/icons.tsx'
import { visibleNavItems } from '../../components/layout/nav-items.ts'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { session } from '../../lib/session.ts'
import { CollectionFigures, hasCollectionFigures } from './CollectionFigures.tsx'
import { dashboardFiguresQuery, healthQuery, versionQuery } from './queries.ts'
import { shortcutsFor } from './shortcuts.ts'
import { dayDate, todayIso } from '../../lib/dates.ts'

/** The server's state as this browser sees it now: an answer from before going offline is no answer. */
function ServerState() {
  const online = useOnlineStatus()
  const health = useQuery({ ...healthQuery(), enabled: online })
  if (!online || health.isError) {
    return (
      <>
        <Trans>Not reachable: you are working offline.</Trans>{' '}
        <Link to="/saved-offline">
          <Trans>Pages saved for offline</Trans>
        </Link>
      </>
    )
  }
  if (health.isPending) return <Trans>Checking…</Trans>
  if (health.data.database !== 'ok')
    return <Trans>The server answers, but its database does not.</Trans>
  return health.data.databaseKind === 'pglite' ? (
    <Trans>Connected (embedded PostgreSQL)</Trans>
  ) : (
    <Trans>Connected (PostgreSQL server)</Trans>
  )
}

function SystemStatus() {
  const { data: version } = useSuspenseQuery(versionQuery())
  return (
    <section className="card" data-testid="system-status">
      <h2>
        <Trans>System</Trans>
      </h2>
      <dl className="facts">
        <dt>
          <Trans>Version</Trans>
        </dt>
        <dd>{version.version}</dd>
        <dt>
          <Trans>Server</Trans>
        </dt>
        <dd>
          <ServerState />
        </dd>
      </dl>
    </section>
  )
}

/**
 * Today's and this month's collection against billing, for users who may read the paid or due
 * report, with the way to the charts and the plain figures.
 */
function Collection() {
  const headingId = useId()
  const ability = useAbility()
  const readsReports = ability.can('read', 'paid-report') || ability.can('read', 'due-report')
  const { data } = useQuery({
    ...dashboardFiguresQuery({}, '/dashboard'),
    enabled: readsReports,
  })
  if (!data || !hasCollectionFigures(data)) return null
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Collection</Trans>
      </h2>
      <CollectionFigures figures={data} />
      <p className="dashboard-links">
        <Link to="/dashboard/analytics">
          <Trans>Analytics</Trans>
        </Link>{' '}
        ·{' '}
        <Link to="/old-dashboard">
          <Trans>Figures at a glance</Trans>
        </Link>
      </p>
    </section>
  )
}

function Shortcuts() {
  const { i18n } = useLingui()
  const headingId = useId()
  const shortcuts = shortcutsFor(visibleNavItems(useAbility(), session.userData()?.platformAdmin))
  if (shortcuts.length === 0) return null
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Get started</Trans>
      </h2>
      <ul className="shortcuts">
        {shortcuts.map(({ item, purpose }) => (
          <li key={item.to}>
            <Link to={item.to} className="shortcut">
              <Icon name={item.icon} />
              <span>
                <strong>{i18n._(item.label)}</strong>
                <span className="muted">{i18n._(purpose)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function DashboardPage() {
  const format = useFormat()
  const name = session.userData()?.fullName ?? ''
  // Today on the institute's calendar, as the office's books count it.
  const today = format.date(dayDate(todayIso()), 'full')
  return (
    <div className="page">
      <PageHeader title={<Trans>Welcome, {name}</Trans>} subtitle={today} />
      <div className="dashboard-grid">
        <Shortcuts />
        <div className="dashboard-side">
          <Collection />
          <SystemStatus />
        </div>
      </div>
    </div>
  )
}
