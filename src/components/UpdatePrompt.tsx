import { Trans } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { applyUpdate, serviceWorkerState } from '../lib/service-worker.ts'
import { Icon } from './icons.tsx'

/** Shown when a new version has been downloaded; it takes over only when the user says so. */
export function UpdatePrompt() {
  const { updateAvailable } = useSnapshot(serviceWorkerState)
  if (!updateAvailable) return null
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className="button button-primary" onClick={applyUpdate}>
        <Icon name="refresh" size={16} />
        <Trans>Reload</Trans>
      </button>
    </div>
  )
}
