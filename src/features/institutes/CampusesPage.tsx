import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { RowActions } from '../../components/table/RowActions.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import type { Campus } from '../../shared/schemas/institutes.ts'
import { CampusDialog } from './CampusDialog.tsx'
import { useDeleteCampus, useSetCampusActive } from './mutations.ts'
import { campusesQuery } from '../../lib/academic-structure.ts'
import './institutes.css'

type Editing = { campus?: Campus } | undefined

/** /campuses: the institute's campuses; it keeps at least one active. */
export function CampusesPage(): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const { data } = useSuspenseQuery(campusesQuery())
  const { wrap, table } = useStackedTable()
  const [editing, setEditing] = useState<Editing>()
  const canCreate = ability.can('create', 'institute')
  const canUpdate = ability.can('update', 'institute')
  const canDelete = ability.can('delete', 'institute')
  const campuses = data.data
  const activeCount = campuses.filter((c) => c.active).length
  const nextPosition = Math.max(-1, ...campuses.map((c) => c.position)) + 1

  const setActive = useSetCampusActive({
    onSuccess: (saved) => {
      const name = saved.name
      showToast({
        variant: 'success',
        title: saved.active ? t`${name} is active again.` : t`${name} was deactivated.`,
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The campus was not changed`),
  })
  const remove = useDeleteCampus({
    onSuccess: (_, campus) => {
      const name = campus.name
      showToast({ variant: 'success', title: t`The campus ${name} was deleted.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The campus was not deleted`),
  })
  const lastActive = t`An institute keeps at least one active campus.`

  return (
    <div className="page institutes-page">
      <PageHeader
        title={<Trans>Campuses</Trans>}
        subtitle={
          <Trans>
            The institute’s campuses and branches. Students, fees and payments are kept per campus;
            a campus in use can be deactivated but not deleted.
          </Trans>
        }
        actions={
          canCreate && (
            <button type="button" className="button button-primary" onClick={() => setEditing({})}>
              <Trans>New campus</Trans>
            </button>
          )
        }
      />
      <section className="card">
        <div ref={wrap} className="table-wrap">
          <table ref={table} className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>Campus</Trans> },
                  { label: <Trans>Code</Trans> },
                  { label: <Trans>Status</Trans> },
                  (canUpdate || canDelete) && { label: <Trans>Actions</Trans>, hidden: true },
                ]}
              />
            </thead>
            <tbody>
              {campuses.map((campus) => {
                const name = campus.name
                const onlyActive = campus.active && activeCount === 1
                return (
                  <tr key={campus.id}>
                    <td>
                      <strong>{campus.name}</strong>
                      {campus.address && <small className="muted block">{campus.address}</small>}
                    </td>
                    <td className="campus-code">{campus.code}</td>
                    <td>
                      {campus.active ? (
                        <span className="badge">
                          <Trans>Active</Trans>
                        </span>
                      ) : (
                        <span className="badge badge-muted">
                          <Trans>Inactive</Trans>
                        </span>
                      )}
                    </td>
                    {(canUpdate || canDelete) && (
                      <td>
                        <RowActions
                          label={t`More actions for ${name}`}
                          actions={[
                            canUpdate && {
                              label: <Trans>Edit</Trans>,
                              name: t`Edit ${name}`,
                              onSelect: () => setEditing({ campus }),
                            },
                            canUpdate && {
                              label: campus.active ? (
                                <Trans>Deactivate</Trans>
                              ) : (
                                <Trans>Activate</Trans>
                              ),
                              name: campus.active ? t`Deactivate ${name}` : t`Activate ${name}`,
                              disabled: onlyActive || setActive.isPending,
                              reason: onlyActive ? lastActive : undefined,
                              onSelect: () => setActive.mutate({ campus, active: !campus.active }),
                            },
                            canDelete && {
                              label: <Trans>Delete</Trans>,
                              name: t`Delete ${name}`,
                              disabled: onlyActive || remove.isPending,
                              reason: onlyActive ? lastActive : undefined,
                              onSelect: () => {
                                if (window.confirm(t`Delete the campus ${name}?`)) {
                                  remove.mutate(campus)
                                }
                              },
                            },
                          ]}
                        />
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </section>
      {editing && (
        <CampusDialog
          campus={editing.campus}
          nextPosition={nextPosition}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  )
}
