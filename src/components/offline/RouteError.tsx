import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { reloadPage } from '../../lib/navigation.ts'
import { isNotAvailableOffline, isUnreachable } from '../../lib/read-through.ts'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { AppErrorBoundary, type PageErrorProps } from '../AppErrorBoundary.tsx'
import { Icon } from '../icons.tsx'

/**
 * What a page shows in place of itself when it cannot load: with no network and nothing stored
 * for it, a plain notice that loads the page again when the network returns; anything else as
 * the app's error page.
 */
export function RouteError(props: PageErrorProps) {
  // In place of a server-rendered public page, it is what is taken over (lib/takeover.ts).
  usePageTakeover()
  if (isNotAvailableOffline(props.error) || isUnreachable(props.error))
    return <NotAvailableOffline />
  return <AppErrorBoundary {...props} />
}

function NotAvailableOffline() {
  useEffect(() => {
    window.addEventListener('online', reloadPage)
    return () => window.removeEventListener('online', reloadPage)
  }, [])
  return (
    <section className="card not-available-offline" data-testid="not-available-offline">
      <Icon name="wifiOff" size={32} />
      <h1>
        <Trans>Not available offline</Trans>
      </h1>
      <p>
        <Trans>
          This page was not opened on this device while it was online, so nothing of it is kept
          here. Open it once while online and it will be available offline too.
        </Trans>
      </p>
      <button type="button" className="button button-primary" onClick={reloadPage}>
        <Icon name="refresh" size={16} />
        <Trans>Try again</Trans>
      </button>
    </section>
  )
}
