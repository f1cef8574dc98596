import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { RowActions } from '../../components/table/RowActions.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { session } from '../../lib/session.ts'
import { currentInstitute } from '../../lib/working-institute.ts'
import type { PlatformInstitute } from '../../shared/schemas/platform.ts'
import type { InstituteListSearch } from '../../shared/schemas/platform-queries.ts'
import { CreateInstituteDialog } from './CreateInstituteDialog.tsx'
import { institutesQuery } from './queries.ts'
import { InstituteStatusDialog } from './InstituteStatusDialog.tsx'
import { useSwitchInstitute } from './use-switch-institute.ts'
import './institutes.css'

type SearchChange = (next: Partial<InstituteListSearch>) => void

type Editing = { kind: 'create' } | { kind: 'status'; institute: PlatformInstitute } | undefined

/** /institutes: the platform's institutes, for platform administrators. */
export function InstitutesPage({
  search,
  onSearchChange,
}: {
  search: InstituteListSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t } = useLingui()
  const { date } = useFormat()
  const { data } = useSuspenseQuery(institutesQuery(search))
  const [editing, setEditing] = useState<Editing>()
  const switchTo = useSwitchInstitute()
  const own = session.userData()?.institute?.id
  const workingIn = currentInstitute()?.id
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'name',
  })

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Institutes</Trans>}
        subtitle={
          <Trans>
            Every institute of the platform: open new ones, suspend or reactivate them, and work
            inside any of them.
          </Trans>
        }
        actions={
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing({ kind: 'create' })}
          >
            <Trans>New institute</Trans>
          </button>
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search institutes`} />
          <label>
            <Trans>Status</Trans>{' '}
            <select
              value={search.status ?? ''}
              onChange={(e) =>
                setSearch({ status: (e.target.value || undefined) as typeof search.status })
              }
            >
              <option value="">{t`All`}</option>
              <option value="active">{t`Active`}</option>
              <option value="suspended">{t`Suspended`}</option>
            </select>
          </label>
        </div>

        <PagedTable
          empty={<Trans>No institutes match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Name`, sort: 'name' },
            { label: t`Address`, sort: 'slug' },
            { label: <Trans>Currency</Trans> },
            { label: <Trans>Time zone</Trans> },
            { label: t`Status`, sort: 'status' },
            { label: t`Users`, sort: 'users' },
            { label: t`Created`, sort: 'createdAt' },
            { label: <Trans>Actions</Trans>, hidden: true },
          ]}
          rows={data.data.map((institute) => {
            const name = institute.name
            const suspended = institute.status === 'suspended'
            return (
              <tr key={institute.id}>
                <td>
                  <strong>{institute.name}</strong>
                  {institute.id === workingIn && (
                    <small className="muted block">
                      <Trans>Working in it</Trans>
                    </small>
                  )}
                </td>
                <td>{institute.slug}</td>
                <td>{institute.currency}</td>
                <td>{institute.timezone}</td>
                <td>
                  <span className={suspended ? 'badge badge-danger' : 'badge'}>
                    {suspended ? t`Suspended` : t`Active`}
                  </span>
                  {suspended && institute.suspensionReason && (
                    <small className="muted block">{institute.suspensionReason}</small>
                  )}
                </td>
                <td>{institute.users}</td>
                <td>{date(new Date(institute.createdAt))}</td>
                <td>
                  <RowActions
                    label={institute.name}
                    actions={[
                      {
                        label: <Trans>Work in it</Trans>,
                        name: t`Work in it: ${name}`,
                        reason: institute.id === workingIn ? t`You are working in it.` : undefined,
                        onSelect: () => switchTo(institute),
                      },
                      {
                        label: suspended ? <Trans>Reactivate</Trans> : <Trans>Suspend</Trans>,
                        name: suspended ? t`Reactivate ${name}` : t`Suspend ${name}`,
                        reason:
                          institute.id === own && !suspended
                            ? t`You cannot suspend the institute you belong to.`
                            : undefined,
                        onSelect: () => setEditing({ kind: 'status', institute }),
                      },
                    ]}
                  />
                </td>
              </tr>
            )
          })}
        />
      </section>

      {editing?.kind === 'create' && (
        <CreateInstituteDialog onClose={() => setEditing(undefined)} />
      )}
      {editing?.kind === 'status' && (
        <InstituteStatusDialog
          institute={editing.institute}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  )
}
