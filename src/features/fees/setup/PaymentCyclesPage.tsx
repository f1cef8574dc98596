import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { RowActions } from '../../../components/table/RowActions.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { PaymentCycle, PaymentPeriod } from '../../../shared/schemas/fee-setup.ts'
import { frequencyLabels } from '../labels.ts'
import { useDeleteCycle, useDeletePeriod } from './mutations.ts'
import { feeStructureQuery, paymentCyclesQuery } from '../queries.ts'
import '../fees.css'

const CycleDialog = lazy(() =>
  import('./CycleDialog.tsx').then((m) => ({ default: m.CycleDialog })),
)
const PeriodDialog = lazy(() =>
  import('./PeriodDialog.tsx').then((m) => ({ default: m.PeriodDialog })),
)

type Editing =
  | { kind: 'cycle'; cycle?: PaymentCycle }
  | { kind: 'period'; cycle: PaymentCycle; period?: PaymentPeriod }
  | undefined

/** /payment-cycle-config: per session, the cycles recurring fees are charged per, and their periods. */
export function PaymentCyclesPage({
  session,
  onSessionChange,
}: {
  session: string | undefined
  onSessionChange: (session: string) => void
}): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const structure = useSuspenseQuery(feeStructureQuery('/payment-cycle-config')).data
  const sessionRow =
    structure.sessions.find((s) => s.id === session) ??
    structure.sessions.find((s) => s.isCurrent) ??
    structure.sessions.at(-1)
  const [editing, setEditing] = useState<Editing>()

  return (
    <div className="page fees-page">
      <PageHeader
        title={<Trans>Payment cycles</Trans>}
        subtitle={
          <Trans>
            How often recurring fees are charged in a session: each cycle’s periods have the day
            their invoices are issued and the day they are due. A period with invoices stays.
          </Trans>
        }
        actions={
          sessionRow &&
          ability.can('create', 'payment-cycle-config') && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setEditing({ kind: 'cycle' })}
            >
              <Trans>New payment cycle</Trans>
            </button>
          )
        }
      />
      <div className="toolbar">
        <label>
          <Trans>Session</Trans>{' '}
          <select value={sessionRow?.id ?? ''} onChange={(e) => onSessionChange(e.target.value)}>
            {structure.sessions.map(({ id, name, isCurrent }) => (
              <option key={id} value={id}>
                {isCurrent ? t`${name} (current)` : name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {sessionRow ? (
        <Suspense fallback={<section className="card" aria-busy="true" />}>
          <Cycles sessionId={sessionRow.id} onEdit={setEditing} />
        </Suspense>
      ) : (
        <section className="card">
          <p className="muted">
            <Trans>Add an academic session first: payment cycles belong to a session.</Trans>
          </p>
        </section>
      )}
      {editing && sessionRow && (
        <Suspense fallback={null}>
          {editing.kind === 'cycle' ? (
            <CycleDialog
              academicSessionId={sessionRow.id}
              sessionName={sessionRow.name}
              cycle={editing.cycle}
              onClose={() => setEditing(undefined)}
            />
          ) : (
            <PeriodDialog
              cycle={editing.cycle}
              period={editing.period}
              onClose={() => setEditing(undefined)}
            />
          )}
        </Suspense>
      )}
    </div>
  )
}

function Cycles({ sessionId, onEdit }: { sessionId: string; onEdit: (e: Editing) => void }) {
  const cycles = useSuspenseQuery(paymentCyclesQuery(sessionId, '/payment-cycle-config')).data.data
  if (cycles.length === 0) {
    return (
      <section className="card">
        <p className="muted">
          <Trans>This session has no payment cycle yet.</Trans>
        </p>
      </section>
    )
  }
  return cycles.map((cycle) => <CycleCard key={cycle.id} cycle={cycle} onEdit={onEdit} />)
}

function CycleCard({ cycle, onEdit }: { cycle: PaymentCycle; onEdit: (e: Editing) => void }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { date } = useFormat()
  const { toastUnlessFieldError } = useServerErrors()
  const canUpdate = ability.can('update', 'payment-cycle-config')
  const canDelete = ability.can('delete', 'payment-cycle-config')
  const name = cycle.name
  const removeCycle = useDeleteCycle({
    onSuccess: () =>
      showToast({ variant: 'success', title: t`The payment cycle ${name} was deleted.` }),
    onError: (err) => toastUnlessFieldError(err, t`The payment cycle was not deleted`),
  })
  const removePeriod = useDeletePeriod(cycle, {
    onSuccess: (_, period) => {
      const periodName = period.name
      showToast({ variant: 'success', title: t`The period ${periodName} was deleted.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The period was not deleted`),
  })
  const invoiced = cycle.periods.some((p) => p.invoiced)
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const headingId = `cycle-${cycle.id}`

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="page-header-actions">
        <h2 id={headingId}>
          {cycle.name} <small className="muted">{i18n._(frequencyLabels[cycle.frequency])}</small>
        </h2>
        <RowActions
          label={name}
          actions={[
            canUpdate && {
              label: <Trans>Add period</Trans>,
              name: t`Add period to ${name}`,
              onSelect: () => onEdit({ kind: 'period', cycle }),
            },
            canUpdate && {
              label: <Trans>Rename</Trans>,
              name: t`Rename ${name}`,
              onSelect: () => onEdit({ kind: 'cycle', cycle }),
            },
            canDelete && {
              label: <Trans>Delete</Trans>,
              name: t`Delete ${name}`,
              disabled: invoiced || removeCycle.isPending,
              reason: invoiced ? t`Invoices were issued for its periods.` : undefined,
              onSelect: () => {
                if (
                  window.confirm(t`Delete the payment cycle ${name} with its periods and amounts?`)
                ) {
                  removeCycle.mutate(cycle)
                }
              },
            },
          ]}
        />
      </div>
      <div className="table-wrap">
        <table className="table period-table">
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Period</Trans> },
                { label: <Trans>From</Trans> },
                { label: <Trans>To</Trans> },
                { label: <Trans>Issue date</Trans> },
                { label: <Trans>Due date</Trans> },
                canUpdate && { label: <Trans>Actions</Trans>, hidden: true },
              ]}
            />
          </thead>
          <tbody>
            {cycle.periods.map((period) => {
              const periodName = period.name
              return (
                <tr key={period.id}>
                  <td>{period.name}</td>
                  <td>{day(period.startsOn)}</td>
                  <td>{day(period.endsOn)}</td>
                  <td>{day(period.issueDate)}</td>
                  <td>{day(period.dueDate)}</td>
                  {canUpdate && (
                    <td>
                      <RowActions
                        label={periodName}
                        actions={[
                          {
                            label: <Trans>Edit</Trans>,
                            name: t`Edit ${periodName}`,
                            onSelect: () => onEdit({ kind: 'period', cycle, period }),
                          },
                          {
                            label: <Trans>Delete</Trans>,
                            name: t`Delete ${periodName}`,
                            disabled: period.invoiced || removePeriod.isPending,
                            reason: period.invoiced
                              ? t`Invoices were issued for this period.`
                              : undefined,
                            onSelect: () => {
                              if (window.confirm(t`Delete the period ${periodName}?`)) {
                                removePeriod.mutate(period)
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
  )
}
