import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Fragment, useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { isBuiltArea } from '../../shared/permissions/catalogue.ts'
import type { AuditEntry } from '../../shared/schemas/access.ts'
import { auditAreas, type AuditSearch } from '../../shared/schemas/access-queries.ts'
import { AuditDiff } from './AuditDiff.tsx'
import { areaLabels, auditActionLabels, auditEntityLabels, readable } from './labels.ts'
import { auditFacetsQuery, auditsQuery } from './queries.ts'
import './access.css'

/** /audits: who did what to which record, when and from where, newest first. */
export function AuditsPage({
  search,
  onSearchChange,
}: {
  search: AuditSearch
  onSearchChange: (next: Partial<AuditSearch>) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { dateTime } = useFormat()
  const { data } = useSuspenseQuery(auditsQuery(search))
  const { data: facets } = useSuspenseQuery(auditFacetsQuery())
  const [open, setOpen] = useState<number>()
  const { setSearch, onSearch, paging } = useListSearch(search, onSearchChange)
  const actionLabel = (action: string) => {
    const label = auditActionLabels[action]
    return label ? i18n._(label) : readable(action)
  }
  const entityLabel = (entity: string) => {
    const label = auditEntityLabels[entity]
    return label ? i18n._(label) : readable(entity)
  }
  const areaLabel = (area: string) =>
    area in areaLabels ? i18n._(areaLabels[area as keyof typeof areaLabels]) : readable(area)
  // Sign-in and the areas whose screens exist; a filter already chosen stays offered.
  const areaChoices = auditAreas.filter((a) => a === 'auth' || isBuiltArea(a) || a === search.area)

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Audit log</Trans>}
        subtitle={
          <Trans>Every change and every sign-in in this institute, with who made it.</Trans>
        }
      />
      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search records`} />
          <label>
            <Trans>User</Trans>{' '}
            <select
              value={search.userId ?? ''}
              onChange={(e) => setSearch({ userId: e.target.value || undefined })}
            >
              <option value="">{t`Everyone`}</option>
              {facets.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.fullName} ({u.username})
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Area</Trans>{' '}
            <select
              value={search.area ?? ''}
              onChange={(e) =>
                setSearch({ area: (e.target.value || undefined) as AuditSearch['area'] })
              }
            >
              <option value="">{t`All`}</option>
              {areaChoices.map((a) => (
                <option key={a} value={a}>
                  {areaLabel(a)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Action</Trans>{' '}
            <select
              value={search.action ?? ''}
              onChange={(e) => setSearch({ action: e.target.value || undefined })}
            >
              <option value="">{t`All`}</option>
              {facets.actions.map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
            </select>
          </label>
          <DateRangeFilter from={search.from} to={search.to} onChange={setSearch} />
        </div>
        <PagedTable
          empty={<Trans>Nothing was recorded that matches.</Trans>}
          {...paging}
          total={data.total}
          columns={[
            { label: <Trans>When</Trans> },
            { label: <Trans>Who</Trans> },
            { label: <Trans>Area</Trans> },
            { label: <Trans>Action</Trans> },
            { label: <Trans>Record</Trans> },
            { label: <Trans>From</Trans> },
            { label: <Trans>Details</Trans>, hidden: true },
          ]}
          rows={data.data.map((entry) => (
            <Fragment key={entry.id}>
              <tr>
                <td>{dateTime(new Date(entry.createdAt))}</td>
                <td>
                  <Who entry={entry} />
                </td>
                <td>{areaLabel(entry.area)}</td>
                <td>{actionLabel(entry.action)}</td>
                <td>
                  {entityLabel(entry.entity)}
                  {entry.entityId && (
                    <small className="muted block" title={entry.entityId}>
                      {entry.entityId.slice(0, 8)}
                    </small>
                  )}
                </td>
                <td>
                  {entry.ip ?? '—'}
                  {entry.userAgent && (
                    <small className="muted block ellipsis" title={entry.userAgent}>
                      {entry.userAgent}
                    </small>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button-link"
                    aria-expanded={open === entry.id}
                    onClick={() => setOpen(open === entry.id ? undefined : entry.id)}
                  >
                    {open === entry.id ? t`Hide` : t`Changes`}
                  </button>
                </td>
              </tr>
              {open === entry.id && (
                <tr className="details-row">
                  <td colSpan={7}>
                    <AuditDiff before={entry.before} after={entry.after} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        />
      </section>
    </div>
  )
}

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.user) return <span className="muted">—</span>
  const admin = entry.impersonator?.fullName
  return (
    <>
      {entry.user.fullName}
      <small className="muted block">{entry.user.username}</small>
      {admin && (
        <small className="tag tag-warning">
          <Trans>by {admin}, acting as them</Trans>
        </small>
      )}
    </>
  )
}
