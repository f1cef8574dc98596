import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { useMoney } from '../../lib/use-money.ts'
import { reversibleMethods } from '../../shared/schemas/collection-payments.ts'
import type { Receipt } from '../../shared/schemas/collection-receipts.ts'

type Tender = Receipt['tenders'][number]

export const reversible = (t: Tender) => (reversibleMethods as readonly string[]).includes(t.method)

/**
 * What goes back to the payer for each tender of a receipt being cancelled: cash from the
 * drawer, a cheque handed back, a transfer refunded, and a card or mobile-money payment
 * reversed with its provider, whose reversal reference is typed here (kept on the receipt).
 */
export function CancelHandBack({
  receipt,
  references,
  onReference,
}: {
  receipt: Receipt
  references: Record<number, string>
  onReference: (tender: number, reference: string) => void
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const advance = money.format(receipt.advanceUsedMinor)
  return (
    <section aria-labelledby="cancel-hand-back">
      <h3 id="cancel-hand-back">
        <Trans>What to hand back</Trans>
      </h3>
      <ul className="cancel-hand-back" data-testid="cancel-hand-back">
        {receipt.tenders.map((tender, i) => {
          const amount = money.format(tender.amountMinor)
          const provider = tender.issuer
          const reference = tender.reference
          return (
            <li key={i}>
              {tender.method === 'cash' && <Trans>Return {amount} in cash from the drawer.</Trans>}
              {tender.method === 'cheque' && (
                <Trans>
                  Hand back cheque {reference} of {provider} ({amount}).
                </Trans>
              )}
              {tender.method === 'bank' && (
                <Trans>
                  Refund {amount} by bank transfer (deposit {reference}).
                </Trans>
              )}
              {tender.method === 'card' && (
                <Trans>Reverse {amount} on the card with the card provider.</Trans>
              )}
              {tender.method === 'mobile' && (
                <Trans>
                  Reverse {amount} with {provider} (transaction {reference}).
                </Trans>
              )}
              {reversible(tender) && (
                <Field
                  label={t`Reversal reference of ${amount}`}
                  maxLength={60}
                  value={references[i] ?? ''}
                  onChange={(e) => onReference(i, e.target.value)}
                />
              )}
            </li>
          )
        })}
        {receipt.advanceUsedMinor > 0 && (
          <li>
            <Trans>{advance} taken from the advance goes back to it by itself.</Trans>
          </li>
        )}
      </ul>
    </section>
  )
}
