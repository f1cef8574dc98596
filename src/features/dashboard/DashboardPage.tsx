import { Trans } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useFormat } from '../../lib/format.ts'
import { session } from '../../lib/session.ts'
import { healthQuery, versionQuery } from './queries.ts'

function SystemStatus() {
  const { data: version } = useSuspenseQuery(versionQuery())
  const health = useQuery(healthQuery())
  const databaseOk = health.data?.database === 'ok'
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
          <Trans>Database</Trans>
        </dt>
        <dd>
          {health.isPending ? (
            <Trans>Checking…</Trans>
          ) : databaseOk ? (
            health.data?.databaseKind === 'pglite' ? (
              <Trans>Connected (embedded PostgreSQL)</Trans>
            ) : (
              <Trans>Connected (PostgreSQL server)</Trans>
            )
          ) : (
            <Trans>Unavailable</Trans>
          )}
        </dd>
      </dl>
    </section>
  )
}

export function DashboardPage() {
  const format = useFormat()
  const name = session.userData()?.fullName ?? ''
  const today = format.date(new Date(), 'full')
  return (
    <div className="page">
      <PageHeader title={<Trans>Welcome, {name}</Trans>} subtitle={today} />
      <div className="grid">
        <SystemStatus />
      </div>
    </div>
  )
}
