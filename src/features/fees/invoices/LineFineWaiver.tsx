import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { useAbility } from '../../../lib/ability.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { InvoiceLine } from '../../../shared/schemas/fees-invoices.ts'
import { lineFineQuery } from './queries.ts'

const FineWaiverDialog = lazy(() =>
  import('./FineWaiverDialog.tsx').then((m) => ({ default: m.FineWaiverDialog })),
)

/** Under a fined line: what was waived of its fine, and (with the right) waiving more. */
export function LineFineWaiver(props: { invoiceId: string; line: InvoiceLine }): ReactElement {
  const { invoiceId, line } = props
  const money = useMoney()
  const canWaive = useAbility().can('create', 'fine-waiver')
  const { data: fine } = useQuery(lineFineQuery(invoiceId, line.id))
  const [waiving, setWaiving] = useState(false)
  if (!fine || fine.fineMinor === 0) return <></>
  const waived = money.format(fine.waivedMinor)
  const charged = money.format(fine.chargedMinor)
  return (
    <div className="line-fine-waiver">
      {fine.waivedMinor > 0 && (
        <p data-testid="line-fine-waived">
          <Trans>
            Waived: {waived}; still charged: {charged}.
          </Trans>
        </p>
      )}
      {canWaive && fine.chargedMinor > 0 && (
        <button type="button" className="button" onClick={() => setWaiving(true)}>
          <Trans>Waive fine</Trans>
        </button>
      )}
      {waiving && (
        <Suspense fallback={null}>
          <FineWaiverDialog
            invoiceId={invoiceId}
            line={line}
            fineMinor={fine.chargedMinor}
            onClose={() => setWaiving(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
