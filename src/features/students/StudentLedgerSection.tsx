import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { StudentLedgerTable } from '../../components/report/StudentLedgerTable.tsx'
import { studentLedgerQuery } from '../../lib/student-ledger.ts'
import { useMoney } from '../../lib/use-money.ts'

/**
 * The student's ledger on their page, compact: this fiscal year's entries with the running
 * balance (the same read as the report's), and a link to the full ledger and its statement.
 */
export function StudentLedgerSection({ studentId }: { studentId: string }): ReactElement {
  // Not suspended: a ledger not read (offline, never opened) leaves the rest of the page.
  const { data, isError } = useQuery(studentLedgerQuery({ studentId }))
  const money = useMoney()
  const link = (
    <Link to="/student-ledger" search={{ studentId }}>
      <Trans>Open the student ledger</Trans>
    </Link>
  )
  if (!data) {
    return (
      <section className="card student-wide" aria-busy={!isError}>
        <h2>
          <Trans>Ledger</Trans>
        </h2>
        {isError && (
          <p className="muted">
            <Trans>The student’s ledger could not be read now.</Trans> {link}
          </p>
        )}
      </section>
    )
  }
  const due = money.format(data.closing.balanceMinor)
  return (
    <section
      className="card student-wide"
      aria-labelledby="student-ledger"
      data-testid="student-page-ledger"
    >
      <h2 id="student-ledger">
        <Trans>Ledger</Trans>
      </h2>
      <p>
        <Trans>Due now: {due}</Trans> {link}
      </p>
      <StudentLedgerTable ledger={data} compact />
    </section>
  )
}
