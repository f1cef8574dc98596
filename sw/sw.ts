/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { outboxSyncTag, replayOutbox } from '../src/features/admission/outbox.ts'
import { publicPagePath } from '../src/shared/public-pages.ts'
import { routePublicPages } from './public-pages.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// The app shell (HTML, scripts, styles, icons, catalogs) is precached at install.
const precache = self.__WB_MANIFEST
precacheAndRoute(precache)
cleanupOutdatedCaches()

// The applicants' pages rendered by the server: network first, then the copy of the last visit.
routePublicPages(precache)

// Every other page of the single-page app is index.html; API calls never are.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, publicPagePath],
  }),
)

// A new version waits until the page asks for it (the "update available — reload" prompt).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING')
    void self.skipWaiting()
})

/** Background Sync (Chromium): fired when the browser has a connection again. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

// Queued admission submissions and their files go out when the connection returns, even with
// the page closed. Still waiting afterwards: the rejected promise asks the browser to retry.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag !== outboxSyncTag) return
  sync.waitUntil(
    replayOutbox().then((result) => {
      if (result.pending > 0 && !sync.lastChance) {
        throw new Error(
          `${result.pending} admission requests still wait for the ${result.waitingFor}`,
        )
      }
    }),
  )
})

// The first install takes control at once, so the very first visit already works offline.
clientsClaim()
