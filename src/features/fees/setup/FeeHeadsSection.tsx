import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { RowActions } from '../../../components/table/RowActions.tsx'
import { useStackedTable } from '../../../components/table/use-stacked-table.ts'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import { feeHeadKindLabels } from '../labels.ts'
import { useDeleteFeeHead, useSaveFeeHead } from './mutations.ts'
import { VatToday } from '../VatToday.tsx'

// The head's form (and the income accounts it reads) loads when it is opened.
const FeeHeadDialog = lazy(() =>
  import('./FeeHeadDialog.tsx').then((m) => ({ default: m.FeeHeadDialog })),
)

/** The fee heads: what is charged, how, to which income account, in which order. */
export function FeeHeadsSection({ heads }: { heads: FeeHead[] }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const { wrap, table } = useStackedTable()
  const [editing, setEditing] = useState<{ head?: FeeHead }>()
  const canCreate = ability.can('create', 'std-fee-config')
  const canUpdate = ability.can('update', 'std-fee-config')
  const canDelete = ability.can('delete', 'std-fee-config')
  const remove = useDeleteFeeHead({
    onSuccess: (_, head) => {
      const name = head.name
      showToast({ variant: 'success', title: t`The fee head ${name} was deleted.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The fee head was not deleted`),
  })
  const nextPriority = Math.max(-1, ...heads.map((h) => h.priority)) + 1

  return (
    <section className="card" aria-labelledby="fee-heads-title">
      <div className="page-header-actions">
        <h2 id="fee-heads-title">
          <Trans>Fee heads</Trans>
        </h2>
        {canCreate && (
          <button type="button" className="button button-primary" onClick={() => setEditing({})}>
            <Trans>New fee head</Trans>
          </button>
        )}
      </div>
      {heads.length === 0 ? (
        <p className="muted">
          <Trans>No fee heads yet: add tuition, admission, exam and the other fees charged.</Trans>
        </p>
      ) : (
        <div ref={wrap} className="table-wrap">
          <table ref={table} className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>Fee head</Trans> },
                  { label: <Trans>Charged</Trans> },
                  { label: <Trans>Income account</Trans> },
                  { label: <Trans>VAT</Trans> },
                  { label: <Trans>Priority</Trans> },
                  { label: <Trans>Status</Trans> },
                  (canUpdate || canDelete) && { label: <Trans>Actions</Trans>, hidden: true },
                ]}
              />
            </thead>
            <tbody>
              {heads.map((head) => {
                const name = head.name
                return (
                  <tr key={head.id}>
                    <td>
                      <strong>{head.name}</strong>
                      <small className="muted block">{head.code}</small>
                    </td>
                    <td>{i18n._(feeHeadKindLabels[head.kind])}</td>
                    <td>{head.incomeAccount}</td>
                    <td>
                      <VatToday rates={head.vatRates} />
                    </td>
                    <td>{head.priority}</td>
                    <td>
                      {head.active ? (
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
                        <HeadActions
                          head={head}
                          name={name}
                          canUpdate={canUpdate}
                          canDelete={canDelete}
                          deleting={remove.isPending}
                          onEdit={() => setEditing({ head })}
                          onDelete={() => {
                            if (window.confirm(t`Delete the fee head ${name}?`)) remove.mutate(head)
                          }}
                        />
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <FeeHeadDialog
            head={editing.head}
            nextPriority={nextPriority}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      )}
    </section>
  )
}

function HeadActions({
  head,
  name,
  canUpdate,
  canDelete,
  deleting,
  onEdit,
  onDelete,
}: {
  head: FeeHead
  name: string
  canUpdate: boolean
  canDelete: boolean
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const setActive = useSaveFeeHead(head, {
    onSuccess: (saved) =>
      showToast({
        variant: 'success',
        title: saved.active ? t`${name} is active again.` : t`${name} was deactivated.`,
      }),
    onError: (err) => toastUnlessFieldError(err, t`The fee head was not changed`),
  })
  const inUse = t`Invoices use this fee head: deactivate it instead.`
  return (
    <RowActions
      label={t`More actions for ${name}`}
      actions={[
        canUpdate && { label: <Trans>Edit</Trans>, name: t`Edit ${name}`, onSelect: onEdit },
        canUpdate && {
          label: head.active ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>,
          name: head.active ? t`Deactivate ${name}` : t`Activate ${name}`,
          disabled: setActive.isPending,
          onSelect: () => setActive.mutate({ ...head, active: !head.active }),
        },
        canDelete && {
          label: <Trans>Delete</Trans>,
          name: t`Delete ${name}`,
          disabled: head.inUse || deleting,
          reason: head.inUse ? inUse : undefined,
          onSelect: onDelete,
        },
      ]}
    />
  )
}
