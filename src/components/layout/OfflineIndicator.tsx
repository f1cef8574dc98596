import { Trans } from '@lingui/react/macro'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { Icon } from '../icons.tsx'

export function OfflineIndicator() {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <span className="offline-indicator" role="status" data-testid="offline-indicator">
      <Icon name="wifiOff" size={16} />
      <Trans>Offline</Trans>
    </span>
  )
}
