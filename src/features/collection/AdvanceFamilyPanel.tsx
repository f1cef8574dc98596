import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { AdvanceFamily } from '../../shared/schemas/advances.ts'
import { FamilyRead } from './FamilyRead.tsx'
import { advanceMovementLabels, overrideStatusLabels } from './labels.ts'
import type { OverrideAsked } from './OverrideDialog.tsx'
import { OverrideWhat } from './OverrideWhat.tsx'
import { advanceFamilyQuery } from './queries.ts'

const OverrideDialog = lazy(() =>
  import('./OverrideDialog.tsx').then((m) => ({ default: m.OverrideDialog })),
)

/** A family's advances: each member's balance with the overrides to make, movements, history. */
export function AdvanceFamilyPanel({ studentId }: { studentId: string }): ReactElement {
  const family = useQuery(advanceFamilyQuery(studentId))
  return <FamilyRead read={family}>{(data) => <FamilyAdvances data={data} />}</FamilyRead>
}

function FamilyAdvances({ data }: { data: AdvanceFamily }): ReactElement {
  const { i18n } = useLingui()
  const money = useMoney()
  const { dateTime } = useFormat()
  const mayOverride = useAbility().can('create', 'advance-override')
  const [asked, setAsked] = useState<OverrideAsked>()
  const { family, movements, overrides } = data
  const nameOf = (id: string) => family.members.find((m) => m.studentId === id)?.fullName ?? ''
  const guardian = family.guardianName
  return (
    <>
      <section className="card" aria-labelledby="advances-family">
        <h2 id="advances-family">
          <Trans>Family of {guardian}</Trans>
        </h2>
        <div className="table-wrap">
          <table className="table" data-testid="advance-members">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Student</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Advance</Trans>
                </th>
                {mayOverride && (
                  <th scope="col">
                    <Trans>Overrides</Trans>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {family.members.map((m) => (
                <tr key={m.studentId}>
                  <th scope="row">
                    {m.fullName} <span className="muted">({m.studentCode})</span>
                  </th>
                  <td className="amount">{money.format(m.advanceMinor)}</td>
                  {mayOverride && (
                    <td className="override-actions">
                      {m.advanceMinor > 0 && (
                        <>
                          <button
                            type="button"
                            className="button"
                            onClick={() => setAsked({ kind: 'apply', member: m })}
                          >
                            <Trans>Pay lines</Trans>
                          </button>
                          {family.members.length > 1 && (
                            <button
                              type="button"
                              className="button"
                              onClick={() => setAsked({ kind: 'transfer', member: m })}
                            >
                              <Trans>Transfer</Trans>
                            </button>
                          )}
                          <button
                            type="button"
                            className="button"
                            onClick={() => setAsked({ kind: 'refund', member: m })}
                          >
                            <Trans>Refund</Trans>
                          </button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="advances-movements">
        <h2 id="advances-movements">
          <Trans>Movements</Trans>
        </h2>
        {movements.length === 0 ? (
          <p className="muted">
            <Trans>No advance has moved in this family.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="advance-movements">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>When</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Student</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Movement</Trans>
                  </th>
                  <th scope="col" className="amount">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Reason</Trans>
                  </th>
                  {mayOverride && <td />}
                </tr>
              </thead>
              <tbody>
                {movements.map((m) => {
                  const member = family.members.find((x) => x.studentId === m.studentId)
                  return (
                    <tr key={m.id}>
                      <td>{dateTime(new Date(m.createdAt))}</td>
                      <td>{nameOf(m.studentId)}</td>
                      <td>
                        {i18n._(advanceMovementLabels[m.kind])}
                        {m.receiptNumber && <span className="muted"> {m.receiptNumber}</span>}
                      </td>
                      <td className="amount">{money.format(m.amountMinor)}</td>
                      <td>{m.reason !== m.receiptNumber ? m.reason : ''}</td>
                      {mayOverride && (
                        <td>
                          {m.undoPaymentId && member && (
                            <button
                              type="button"
                              className="button"
                              onClick={() => setAsked({ kind: 'undo', member, movement: m })}
                            >
                              <Trans>Undo</Trans>
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {overrides.length > 0 && (
        <section className="card" aria-labelledby="advances-overrides">
          <h2 id="advances-overrides">
            <Trans>Overrides</Trans>
          </h2>
          <ul className="override-list" data-testid="advance-overrides">
            {overrides.map((o) => {
              const who = o.requestedBy
              const decider = o.decidedBy ?? ''
              return (
                <li key={o.id}>
                  <OverrideWhat override={o} />
                  <span className={`badge ${o.status === 'rejected' ? 'badge-danger' : ''}`}>
                    {i18n._(overrideStatusLabels[o.status])}
                  </span>
                  <span className="muted">
                    {dateTime(new Date(o.requestedAt))} · <Trans>asked by {who}</Trans>
                    {o.decidedBy && (
                      <>
                        {' '}
                        · <Trans>decided by {decider}</Trans>
                      </>
                    )}{' '}
                    · {o.reason}
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
      )}
      {asked && (
        <Suspense fallback={null}>
          <OverrideDialog asked={asked} family={family} onClose={() => setAsked(undefined)} />
        </Suspense>
      )}
    </>
  )
}
