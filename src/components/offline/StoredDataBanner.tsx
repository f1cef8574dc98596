import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '../../lib/format.ts'
import { refreshOnScreen } from '../../lib/read-store-state.ts'
import { Icon } from '../icons.tsx'
import { useStoredDataNotice } from './use-stored-data-notice.ts'

/** Above every staff page: says when what is on screen was fetched, if not just now. */
export function StoredDataBanner() {
  const notice = useStoredDataNotice()
  const queryClient = useQueryClient()
  const { dateTime } = useFormat()
  const [refreshing, setRefreshing] = useState(false)
  if (!notice) return null
  const when = dateTime(notice.asOf)
  const refresh = () => {
    setRefreshing(true)
    void refreshOnScreen(queryClient).finally(() => setRefreshing(false))
  }
  return (
    <div className="stored-data-banner" role="status" data-testid="stored-data-banner">
      <Icon name="wifiOff" size={18} />
      <span>
        {notice.reason === 'offline' ? (
          <Trans>Offline — shown as it was on {when}</Trans>
        ) : (
          <Trans>The server is not answering — shown as it was on {when}</Trans>
        )}
      </span>
      <button
        type="button"
        className="button"
        onClick={refresh}
        disabled={refreshing}
        aria-busy={refreshing}
      >
        <Icon name="refresh" size={16} />
        <Trans>Refresh</Trans>
      </button>
    </div>
  )
}
