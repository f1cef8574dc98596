import { Trans } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { applyUpdate, isUpdateAvailable, onUpdateAvailable } from '../lib/service-worker.ts'
import { Icon } from './icons.tsx'

/** Shown when a new version has been downloaded; it takes over only when the user says so. */
export function UpdatePrompt() {
  const updateAvailable = useSyncExternalStore(onUpdateAvailable, isUpdateAvailable, () => false)
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
