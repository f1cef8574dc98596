import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Icon } from '../../components/icons.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { receiptVerificationQuery } from './queries.ts'
import './receipt-verify.css'

/**
 * `/receipt/verify/$code` (the QR code on a receipt): whether the receipt is one the institute
 * issued and still stands, with the five facts to compare with the paper — institute, number,
 * day, amount and status — and nothing about who paid or for what.
 */
export function ReceiptVerifyPage({ code }: { code: string }): ReactElement {
  const { data } = useSuspenseQuery(receiptVerificationQuery(code))
  const { date, money } = useFormat()
  const cancelled = data.status === 'cancelled'
  const institute = data.instituteName
  return (
    <section className="receipt-verify-page" data-testid="receipt-verification">
      <h1>
        <Trans>Receipt verification</Trans>
      </h1>
      <p
        className={`card receipt-verify-verdict ${cancelled ? 'cancelled' : 'valid'}`}
        role="status"
        data-testid="receipt-verify-verdict"
      >
        <Icon name={cancelled ? 'close' : 'shield'} size={28} />
        {cancelled ? (
          <Trans>This receipt was issued by {institute} but has since been cancelled.</Trans>
        ) : (
          <Trans>This receipt was issued by {institute} and is valid.</Trans>
        )}
      </p>
      <dl className="card receipt-verify-facts">
        <div>
          <dt>
            <Trans>Institute</Trans>
          </dt>
          <dd>{institute}</dd>
        </div>
        <div>
          <dt>
            <Trans>Receipt number</Trans>
          </dt>
          <dd data-testid="receipt-verify-number">{data.number}</dd>
        </div>
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{date(dayDate(data.receivedOn))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd data-testid="receipt-verify-amount">
            {money(data.amountMinor, data.currency, data.currencyDigits)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd data-testid="receipt-verify-status">
            {cancelled ? (
              <Trans context="receipt">Cancelled</Trans>
            ) : (
              <Trans context="receipt">Valid</Trans>
            )}
          </dd>
        </div>
      </dl>
      <p className="muted receipt-verify-note">
        <Trans>
          Compare these details with the printed receipt. For anything else about the payment, ask
          the institute.
        </Trans>
      </p>
    </section>
  )
}
