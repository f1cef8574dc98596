import type { Workbox } from 'workbox-window'

/*
 * The app's service worker, registered without React or any store: a public page registers it
 * as soon as it has loaded, before (and whether or not) its scripts take the page over.
 */
let workbox: Workbox | undefined
let updateAvailable = false
const updateListeners = new Set<() => void>()

function setUpdateAvailable(available: boolean) {
  updateAvailable = available
  for (const listener of updateListeners) listener()
}

/** Whether a new version is waiting, and its subscription (for `useSyncExternalStore`). */
export const isUpdateAvailable = () => updateAvailable
export function onUpdateAvailable(listener: () => void) {
  updateListeners.add(listener)
  return () => void updateListeners.delete(listener)
}

/**
 * Registers the service worker, once however often it is called. A new version waits until
 * the user agrees to reload, so a form being filled in is never interrupted by an update.
 */
export async function registerServiceWorker() {
  if (workbox || !('serviceWorker' in navigator) || import.meta.env.DEV) return
  const { Workbox } = await import('workbox-window')
  if (workbox) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => setUpdateAvailable(true))
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload()
  })
  // A browser may refuse (a private window, privacy settings, a page not served securely): the
  // app then works online as before, without updates or offline pages.
  workbox.register().catch(() => undefined)
}

export function applyUpdate() {
  if (!workbox) return
  setUpdateAvailable(false)
  workbox.messageSkipWaiting()
}
