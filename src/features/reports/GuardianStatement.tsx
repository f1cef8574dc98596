import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { StudentLedgerTable } from '../../components/report/StudentLedgerTable.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { StudentLedger } from '../../shared/schemas/reports.ts'

/**
 * The student ledger as a statement for the guardian: the institute's header, whom it is for
 * (the guardian, the student and their class), the ledger and what stays due. Rendered inside
 * InLanguage: every word, date and amount in the language chosen for it.
 */
export function GuardianStatement({ ledger }: { ledger: StudentLedger }): ReactElement {
  const money = useMoney()
  const { date } = useFormat()
  const { student } = ledger
  const from = date(dayDate(ledger.from), 'long')
  const to = date(dayDate(ledger.to), 'long')
  const due = money.format(ledger.closing.balanceMinor)
  const fine = money.format(ledger.fineAccruedMinor)
  const advance = money.format(ledger.closing.advanceMinor)
  const placement = [student.className, student.sectionName].filter(Boolean).join(' · ')
  const roll = student.roll
  return (
    <article className="guardian-statement" data-testid="guardian-statement">
      <PrintHeader filters={[]} />
      <h2>
        <Trans>Statement of fees</Trans>
      </h2>
      <p>
        <Trans>
          From {from} to {to}
        </Trans>
      </p>
      <dl className="facts">
        <dt>
          <Trans>Guardian</Trans>
        </dt>
        <dd>{student.guardianName || '—'}</dd>
        <dt>
          <Trans>Student</Trans>
        </dt>
        <dd>
          {student.fullName} <span className="muted">{student.studentCode}</span>
        </dd>
        <dt>
          <Trans>Class</Trans>
        </dt>
        <dd>
          {placement || '—'}
          {roll !== null && (
            <>
              {' · '}
              <Trans>roll {roll}</Trans>
            </>
          )}
        </dd>
      </dl>
      <StudentLedgerTable ledger={ledger} compact />
      <p className="statement-due" data-testid="statement-due">
        <strong>
          <Trans>
            Due on {to}: {due}
          </Trans>
        </strong>
      </p>
      {ledger.fineAccruedMinor > 0 && (
        <p>
          <Trans>A late fine of {fine} has accrued besides; it is charged when paid.</Trans>
        </p>
      )}
      {ledger.closing.advanceMinor > 0 && (
        <p>
          <Trans>Held in advance for later fees: {advance}</Trans>
        </p>
      )}
    </article>
  )
}
