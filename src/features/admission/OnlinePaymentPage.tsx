import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { GatewayButton } from '../../components/GatewayButton.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { applicationPagePath } from '../../shared/public-pages.ts'
import { onlineQuoteQuery, useStartOnlinePayment } from './online-payment.ts'
import './admission.css'

interface Props {
  institute: string
  formId: string
  temporaryId: string
}

/**
 * `/admission/payment/$institute/online-payment`: what the applicant will pay — the fee, the
 * gateway's surcharge where the payer bears it, the total, and through which gateway — then
 * off to the gateway. The amounts are the server's; the press only says "this application".
 */
export function OnlinePaymentPage({ institute, formId, temporaryId }: Props): ReactElement {
  const quote = useQuery(onlineQuoteQuery(institute, temporaryId))
  const start = useStartOnlinePayment(institute, temporaryId)
  const { money } = useFormat()
  const { refusalText } = useServerErrors()
  const back = (
    <PageLink
      href={applicationPagePath(institute, formId, temporaryId)}
      className="button button-block"
    >
      <Trans>Back to your application</Trans>
    </PageLink>
  )
  if (!quote.data) {
    return (
      <section className="admission-page" data-testid="online-payment">
        <h1>
          <Trans>Pay the application fee</Trans>
        </h1>
        <div className="card admission-payment" role={quote.error ? 'alert' : 'status'}>
          <p>
            {!quote.error ? (
              <Trans>Finding what there is to pay…</Trans>
            ) : (
              (refusalText(quote.error) ?? (
                <Trans>
                  What there is to pay could not be read. Check the connection and try again.
                </Trans>
              ))
            )}
          </p>
          {back}
        </div>
      </section>
    )
  }
  const q = quote.data
  const amount = (minor: number) => money(minor, q.currency)
  const provider = q.providerName
  const total = amount(q.totalMinor)
  return (
    <section className="admission-page" data-testid="online-payment">
      <h1>
        <Trans>Pay the application fee</Trans>
      </h1>
      <div className="card admission-payment">
        <dl className="online-payment-sum">
          <dt>
            <Trans>Application fee</Trans>
          </dt>
          <dd>{amount(q.amountMinor)}</dd>
          {q.surchargeMinor > 0 && (
            <>
              <dt>
                <Trans>Online payment charge</Trans>
              </dt>
              <dd data-testid="online-payment-surcharge">{amount(q.surchargeMinor)}</dd>
            </>
          )}
          <dt>
            <Trans>Total to pay</Trans>
          </dt>
          <dd data-testid="online-payment-total">
            <strong>{total}</strong>
          </dd>
        </dl>
        <p>
          <Trans>
            You will pay on the page of {provider}, then come back here. Your fee is marked paid
            once {provider} confirms the payment.
          </Trans>
        </p>
        <GatewayButton
          start={start}
          provider={provider}
          total={total}
          onPay={() => start.mutate()}
        />
        {back}
      </div>
    </section>
  )
}
