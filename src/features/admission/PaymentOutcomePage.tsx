import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { receiptVerificationPath } from '../../shared/public-pages.ts'
import type { PaymentOutcome } from '../../shared/schemas/payments.ts'
import { openStatuses, paymentOutcomeQuery } from './online-payment.ts'
import './admission.css'

/**
 * `/payment/successful/$institute` and `/payment/failed/$institute` (one page): what became of
 * the payment, as the server verified it with the gateway — never what the gateway's return
 * address claims. Before the gateway confirms, "confirming…", and the page asks again by itself.
 */

/** How often the page comes again while the gateway has not confirmed. */
const refreshSeconds = 3

export function PaymentOutcomePage({ reference }: { reference: string }): ReactElement {
  const outcome = useQuery(paymentOutcomeQuery(reference))
  const { refusalText } = useServerErrors()
  const data = outcome.data
  return (
    <section className="admission-page" data-testid="payment-outcome">
      <h1>
        <Trans>Online payment</Trans>
      </h1>
      <div
        className="card admission-payment"
        role="status"
        data-testid="payment-outcome-status"
        data-status={data?.status ?? 'unknown'}
      >
        {(data ? openStatuses.includes(data.status) : !outcome.error) && (
          // Until the gateway confirms, the page comes again from the server every few
          // seconds: no script need run for it (once the app runs, it asks by itself).
          <meta httpEquiv="refresh" content={String(refreshSeconds)} />
        )}
        {data ? (
          <Outcome outcome={data} />
        ) : outcome.error ? (
          <p>
            {refusalText(outcome.error) ?? (
              <Trans>
                The payment could not be checked. Check the connection; this page tries again.
              </Trans>
            )}
          </p>
        ) : (
          <p>
            <Trans>Confirming your payment…</Trans>
          </p>
        )}
      </div>
    </section>
  )
}

function Outcome({ outcome }: { outcome: PaymentOutcome }) {
  const { money } = useFormat()
  const total = money(outcome.totalMinor, outcome.currency)
  // A guardian's dues go back to the student invoice page, an applicant's fee to the application.
  const dues = outcome.service === 'dues'
  const back = (
    <a href={outcome.backTo} className="button button-block">
      {dues ? <Trans>Back to the invoices</Trans> : <Trans>Back to your application</Trans>}
    </a>
  )
  if (openStatuses.includes(outcome.status)) {
    return (
      <>
        <p>
          {dues ? (
            <Trans>
              Confirming your payment of {total} with the gateway… This page updates by itself; you
              may also close it: the receipt comes by SMS once it is confirmed.
            </Trans>
          ) : (
            <Trans>
              Confirming your payment of {total} with the gateway… This page updates by itself; you
              may also close it: your application shows the fee paid once it is confirmed.
            </Trans>
          )}
        </p>
        {back}
      </>
    )
  }
  if (outcome.status === 'succeeded' && outcome.receipt) {
    const number = outcome.receipt.number
    return (
      <>
        <p>
          <Trans>
            Your payment of <strong>{total}</strong> is received: receipt{' '}
            <strong data-testid="payment-outcome-receipt">{number}</strong>.
          </Trans>
        </p>
        <a
          href={receiptVerificationPath(outcome.receipt.verifyCode)}
          className="button button-block"
        >
          <Trans>See the receipt</Trans>
        </a>
        {back}
      </>
    )
  }
  if (outcome.status === 'held') {
    const reference = outcome.reference
    return (
      <>
        <p>
          <Trans>
            The gateway took your payment of {total}, but it needs a check by the institute before
            it counts. The institute will contact you; keep the reference {reference}.
          </Trans>
        </p>
        {back}
      </>
    )
  }
  return (
    <>
      <p>
        {dues ? (
          <Trans>
            The payment did not go through, and nothing was taken. You can try again from the
            invoices.
          </Trans>
        ) : (
          <Trans>
            The payment did not go through, and nothing was taken. You can try again from your
            application.
          </Trans>
        )}
      </p>
      {back}
    </>
  )
}
