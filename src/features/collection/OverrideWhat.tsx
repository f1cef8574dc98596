import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { useMoney } from '../../lib/use-money.ts'
import type { AdvanceOverride } from '../../shared/schemas/advances.ts'
import { overrideKindLabels } from './labels.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'

/** What an override does, in a line: "Transfer to a sibling: 1,600.00 from Ana to Rui". */
export function OverrideWhat({ override: o }: { override: AdvanceOverride }): ReactElement {
  const { i18n } = useLingui()
  const money = useMoney()
  const kind = i18n._(overrideKindLabels[o.kind])
  const amount = money.format(o.amountMinor)
  const from = o.studentName
  const to = o.toStudentName ?? ''
  const receipt = o.receiptNumber ?? ''
  const method =
    o.method === 'cash' || o.method === 'bank' ? i18n._(tenderMethodLabels[o.method]) : ''
  return (
    <strong>
      {o.kind === 'transfer' ? (
        <Trans>
          {kind}: {amount} from {from} to {to}
        </Trans>
      ) : o.kind === 'refund' ? (
        <Trans>
          {kind}: {amount} to {from} ({method})
        </Trans>
      ) : receipt ? (
        <Trans>
          {kind}: {amount} of {from} (receipt {receipt})
        </Trans>
      ) : (
        <Trans>
          {kind}: {amount} of {from}
        </Trans>
      )}
    </strong>
  )
}
