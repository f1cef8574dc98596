import '../styles/app.css'
import { toastCarried } from '../lib/carried-toast.ts'
import { changedByVisitor } from '../lib/changed-by-visitor.ts'
import { offlineDbPresent } from '../lib/offline-db-presence.ts'
import { onUpdateAvailable, registerServiceWorker } from '../lib/service-worker.ts'
import { sessionKeys } from '../lib/session-keys.ts'
import { holdInteractionsUntilLive } from '../lib/takeover.ts'

/*
 * The public pages' entry. The server's page is complete and usable as it arrives: it is read,
 * typed into and scrolled without any script. So the app (React and the page's code) is
 * fetched right after the first paint but run only when the visitor first touches the page
 * (a tap, a key, a focus, a pointer over it): an applicant reading the form on a slow phone is
 * never held up by it, and whatever was done before is kept or done again (lib/takeover.ts). It
 * runs at once where the page cannot wait: touched before this script ran, opened offline (the
 * service worker's copy), or on a device that holds this app's data (a
 * draft to offer, a queued submission to send, a signed-in user on the sign-in page), when the
 * page before left a message to show (lib/carried-toast.ts), when the page shows what only this
 * browser holds (the server marks it: a recovery's later step), or when a new version is
 * waiting to be announced. The service worker is registered once the page has
 * loaded, whether or not the app runs.
 */

const firstTouch = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'change']

const entry = document.querySelector<HTMLScriptElement>('script[data-preload]')

/**
 * Fetches the page's scripts, which the server names on this script's `data-preload`, into the
 * browser's cache, all at once so none waits for another; run later, they start at once.
 */
function prefetchPageScripts() {
  const links = document.createDocumentFragment()
  for (const href of entry?.dataset.preload?.split(' ') ?? []) {
    if (!href) continue
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = href
    links.append(link)
  }
  document.head.append(links)
}

let started = false
function start() {
  if (started) return
  started = true
  for (const type of firstTouch) document.removeEventListener(type, start, { capture: true })
  window.removeEventListener('offline', start)
  void import('./start.tsx')
}

/** A field focused, typed into or chosen before this script ran (on a slow network). */
function touchedAlready() {
  if (document.activeElement && document.activeElement !== document.body) return true
  const fields = document.querySelectorAll('input, select, textarea')
  return Array.from(fields).some((field) => changedByVisitor(field) !== undefined)
}

async function mustStartNow() {
  return (
    touchedAlready() ||
    entry?.dataset.startsAtOnce !== undefined ||
    !navigator.onLine ||
    toastCarried() ||
    localStorage.getItem(sessionKeys.userData) !== null ||
    (await offlineDbPresent())
  )
}

function afterFirstPaint() {
  // A page that starts now imports its scripts at once: a prefetch beside it would fetch each twice.
  void mustStartNow().then((now) => (now ? start() : prefetchPageScripts()))
}

holdInteractionsUntilLive()
for (const type of firstTouch) document.addEventListener(type, start, { capture: true })
window.addEventListener('offline', start)
// After the first paint, so the page and its styles have the bandwidth first.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(afterFirstPaint))
else afterFirstPaint()
if (document.readyState === 'complete') void registerServiceWorker()
else window.addEventListener('load', () => void registerServiceWorker(), { once: true })
// A new version waiting is the app's to announce (its prompt), touched or not.
onUpdateAvailable(start)
