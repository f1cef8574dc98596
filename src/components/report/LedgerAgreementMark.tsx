import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { LedgerAgreement } from '../../shared/schemas/reports.ts'
import { useMoney } from '../../lib/use-money.ts'

/**
 * A report's check against the general ledger, in a word: agrees, or does not (by how much,
 * and both figures), or cannot be checked (no account mapped). `account` names the account
 * the report is checked against ("Fee receivable"). A reader limited to some campuses is told
 * the whole institute's check without its figures (README "Campus scope").
 */
export function LedgerAgreementMark({
  agreement,
  account,
}: {
  agreement: LedgerAgreement
  account: ReactNode
}) {
  const money = useMoney()
  const { reportMinor, ledgerMinor, agrees, withheld } = agreement
  if (withheld ? !withheld.mapped : ledgerMinor === null) {
    return (
      <p className="ledger-agreement unchecked" data-testid="ledger-agreement">
        <Trans>Not checked: no account is mapped as {account}</Trans>
      </p>
    )
  }
  if (withheld) {
    return (
      <p
        className={`ledger-agreement ${agrees ? 'agrees' : 'differs'}`}
        data-testid="ledger-agreement"
      >
        {agrees ? (
          <Trans>Agrees with the ledger ({account}), checked for the whole institute</Trans>
        ) : (
          <Trans>
            Does not agree with the ledger ({account}), checked for the whole institute: someone who
            reads every campus sees by how much
          </Trans>
        )}
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
  const report = money.format(reportMinor ?? 0)
  const ledger = money.format(ledgerMinor ?? 0)
  const difference = money.format(Math.abs((reportMinor ?? 0) - (ledgerMinor ?? 0)))
  return (
    <p className="ledger-agreement differs" data-testid="ledger-agreement">
      <Trans>
        Does not agree with the ledger by {difference}: the report adds up to {report}, {account}{' '}
        holds {ledger}
      </Trans>
    </p>
  )
}
