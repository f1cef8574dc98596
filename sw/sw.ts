/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// The app shell (HTML, scripts, styles, icons, catalogs) is precached at install.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every page of the single-page app is index.html; API calls never are.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
)

// A new version waits until the page asks for it (the "update available — reload" prompt).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING')
    void self.skipWaiting()
})

// The first install takes control at once, so the very first visit already works offline.
clientsClaim()
