import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useMoney } from '../../lib/use-money.ts'
import { AdvanceFamilyPanel } from './AdvanceFamilyPanel.tsx'
import { AdvancePolicy } from './AdvancePolicy.tsx'
import { CounterSettingsCard } from './CounterSettingsCard.tsx'
import { CounterSearch } from '../../components/CounterSearch.tsx'
import { PendingOverrides } from './PendingOverrides.tsx'
import { advanceHoldersQuery } from './queries.ts'
import './collection.css'

/**
 * /advance-override: students' advances. Who holds one (Σ is the Student advances account),
 * overrides waiting for approval, a family's balances and movements with the overrides to
 * make (pay lines, transfer, refund, undo), and the institute's policy.
 */
export function AdvancePage({
  studentId,
  onShow,
}: {
  studentId: string | undefined
  onShow: (studentId: string | undefined) => void
}): ReactElement {
  const money = useMoney()
  const { data: holders } = useSuspenseQuery(advanceHoldersQuery(''))
  const total = money.format(holders.totalMinor)
  return (
    <div className="page advances-page">
      <PageHeader
        title={<Trans>Advances</Trans>}
        subtitle={<Trans>Held for students in all: {total}</Trans>}
      />
      <PendingOverrides />
      <CounterSearch
        key={studentId ?? ''}
        autoFocus={!studentId}
        onPick={(m) => onShow(m.studentId)}
      />
      {studentId && <AdvanceFamilyPanel key={studentId} studentId={studentId} />}
      <section className="card" aria-labelledby="advances-holders">
        <h2 id="advances-holders">
          <Trans>Students holding an advance</Trans>
        </h2>
        {holders.data.length === 0 ? (
          <p className="muted">
            <Trans>No student holds an advance.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="advance-holders">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Student</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Class</Trans>
                  </th>
                  <th scope="col" className="amount">
                    <Trans>Advance</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {holders.data.map((h) => (
                  <tr key={h.studentId}>
                    <th scope="row">
                      <Link to="/advance-override" search={{ studentId: h.studentId }}>
                        {h.fullName}
                      </Link>{' '}
                      <span className="muted">({h.studentCode})</span>
                    </th>
                    <td>{h.className ?? ''}</td>
                    <td className="amount">{money.format(h.advanceMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <AdvancePolicy />
      <CounterSettingsCard />
    </div>
  )
}
