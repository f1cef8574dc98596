import { proxy } from 'valtio'
import type { Workbox } from 'workbox-window'

export const serviceWorkerState = proxy({ updateAvailable: false })
let workbox: Workbox | undefined

/**
 * Registers the service worker. A new version waits until the user agrees to reload, so a
 * form being filled in is never interrupted by an update.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => {
    serviceWorkerState.updateAvailable = true
  })
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload()
  })
  void workbox.register()
}

export function applyUpdate() {
  if (!workbox) return
  serviceWorkerState.updateAvailable = false
  workbox.messageSkipWaiting()
}
