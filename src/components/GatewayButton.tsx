import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { apiError } from '../lib/http-error.ts'
import { useServerErrors } from '../lib/server-errors.ts'

/**
 * The press that sends a payer to the gateway's page, with why the last press did not: "Pay
 * 1,268.75", then "Going to Sandbox…" while it starts and once it has (the page is leaving).
 * Refused because a payment of the same is open at the gateway (another tab), it offers that one.
 */
export function GatewayButton({
  start,
  provider,
  total,
  disabled = false,
  onPay,
}: {
  start: { isPending: boolean; isSuccess: boolean; error: Error | null }
  provider: string
  total: string
  disabled?: boolean
  onPay: () => void
}): ReactElement {
  const { refusalText } = useServerErrors()
  const going = start.isPending || start.isSuccess
  const refusal = apiError(start.error)
  const unfinished =
    refusal?.code === 'payment_in_progress' ? refusal.values?.redirectUrl : undefined
  return (
    <>
      {start.error && (
        <p role="alert" className="form-error">
          {refusalText(start.error) ?? <Trans>The payment could not be started. Try again.</Trans>}
        </p>
      )}
      {typeof unfinished === 'string' && (
        <a href={unfinished} className="button button-block" data-testid="unfinished-payment">
          <Trans>Go on with that payment</Trans>
        </a>
      )}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={disabled || going}
        onClick={onPay}
      >
        {going ? <Trans>Going to {provider}…</Trans> : <Trans>Pay {total}</Trans>}
      </button>
    </>
  )
}
