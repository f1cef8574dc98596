import { Plural, Trans } from '@lingui/react/macro'
import { useEffect, type ReactElement } from 'react'
import type { PageErrorProps } from '../../components/AppErrorBoundary.tsx'
import { RouteError } from '../../components/offline/RouteError.tsx'
import { StatusPage } from '../../components/status/StatusPage.tsx'
import { httpStatus, retryAfterHeader } from '../../lib/http-error.ts'
import { reloadPage } from '../../lib/navigation.ts'
import { isUnreachable } from '../../lib/read-through.ts'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'

/** No receipt has the code, or it is not a receipt's code at all: nothing else is told. */
export function ReceiptNotFound({ code }: { code: string }): ReactElement {
  usePageTakeover()
  return (
    <StatusPage code="404" title={<Trans>Receipt not found</Trans>} testId="receipt-not-found">
      <Trans>
        No receipt has the code {code}. Check it against the code printed on the receipt, or scan
        the receipt’s QR code again.
      </Trans>
    </StatusPage>
  )
}

/**
 * The page cannot say: offline (a verification is never kept on the device, so that a receipt
 * cancelled since never shows as valid) or too many checks from this connection.
 */
export function ReceiptVerifyError(props: PageErrorProps): ReactElement {
  usePageTakeover()
  if (isUnreachable(props.error)) return <NoConnection />
  if (httpStatus(props.error) === 429) {
    const seconds = Number(retryAfterHeader(props.error) ?? '60')
    return (
      <StatusPage code="429" title={<Trans>Too many checks</Trans>} testId="receipt-verify-limit">
        <Plural
          value={seconds}
          one="Too many receipts were checked from this connection. Try again in # second."
          other="Too many receipts were checked from this connection. Try again in # seconds."
        />
      </StatusPage>
    )
  }
  return <RouteError {...props} />
}

/** Asks again by itself when the network returns, or at the button. */
function NoConnection(): ReactElement {
  useEffect(() => {
    window.addEventListener('online', reloadPage)
    return () => window.removeEventListener('online', reloadPage)
  }, [])
  return (
    <StatusPage
      title={<Trans>No connection</Trans>}
      testId="receipt-verify-offline"
      actions={
        <button type="button" className="button button-primary" onClick={reloadPage}>
          <Trans>Try again</Trans>
        </button>
      }
    >
      <Trans>
        Verifying a receipt asks the institute’s server, which cannot be reached now. Try again when
        you are online.
      </Trans>
    </StatusPage>
  )
}
