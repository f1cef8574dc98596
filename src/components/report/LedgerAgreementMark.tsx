import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { LedgerAgreement } from '../../shared/schemas/reports.ts'
import { useMoney } from '../../lib/use-money.ts'

/**
 * A report's check against the general ledger, in a word: agrees, or does not (by how much,
 * and both figures), or cannot be checked (no account mapped). `account` names the account
 * the report is checked against ("Fee receivable").
 */
export function LedgerAgreementMark({
  agreement,
  account,
}: {
  agreement: LedgerAgreement
  account: ReactNode
}) {
  const money = useMoney()
  const { reportMinor, ledgerMinor, agrees } = agreement
  if (ledgerMinor === null) {
    return (
      <p className="ledger-agreement unchecked" data-testid="ledger-agreement">
        <Trans>Not checked: no account is mapped as {account}</Trans>
      </p>
    )
  }
  if (agrees) {
    return (
      <p className="ledger-agreement agrees" data-testid="ledger-agreement">
        <Trans>Agrees with the ledger ({account})</Trans>
      </p>
    )
  }
  const report = money.format(reportMinor)
  const ledger = money.format(ledgerMinor)
  const difference = money.format(Math.abs(reportMinor - ledgerMinor))
  return (
    <p className="ledger-agreement differs" data-testid="ledger-agreement">
      <Trans>
        Does not agree with the ledger by {difference}: the report adds up to {report}, {account}{' '}
        holds {ledger}
      </Trans>
    </p>
  )
}
