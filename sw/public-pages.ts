/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, NetworkOnly } from 'workbox-strategies'
import { publicPagePath, unkeptPublicPagePath } from '../src/shared/public-pages.ts'

declare const self: ServiceWorkerGlobalScope

const cachePrefix = 'public-pages-'

/** A name per build: a page rendered by an older build names scripts this one no longer has. */
function cacheNameFor(precache: Array<{ url: string; revision: string | null }>): string {
  let hash = 0
  for (const { url, revision } of precache) {
    for (const ch of `${url}@${revision ?? ''}`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0
  }
  return `${cachePrefix}${(hash >>> 0).toString(36)}`
}

/** The server renders a page only for a request that asks for HTML. */
const pageRequest = (url: string) => new Request(url, { headers: { Accept: 'text/html' } })

/**
 * The applicants' pages come from the server while it answers (each visit sees the form as it
 * is now), else from the copy kept of the last visit, which shows and takes typing before any
 * script has run; a page never visited in full falls back to the app shell, which renders it
 * from what this device stored. A receipt's verification is never kept: offline, the app shell
 * says it cannot ask the server, rather than show an answer that may have changed since.
 */
export function routePublicPages(precache: Array<{ url: string; revision: string | null }>) {
  const cacheName = cacheNameFor(precache)
  const network = new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: 4,
    // The language is the page's own business (a cookie the worker cannot see).
    matchOptions: { ignoreVary: true },
  })
  const networkOnly = new NetworkOnly()
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      publicPagePath.test(url.pathname),
    async (options) => {
      try {
        return unkeptPublicPagePath.test(options.url.pathname)
          ? await networkOnly.handle(options)
          : await network.handle(options)
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error()
      }
    },
  )

  const keep = async (url: string) => {
    if (unkeptPublicPagePath.test(new URL(url).pathname)) return
    const response = await fetch(pageRequest(url)).catch(() => undefined)
    if (response?.status === 200) await (await caches.open(cacheName)).put(url, response)
  }

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) {
          if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name)
        }
        // The page that installed the worker was loaded before it existed: keep it now.
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
        await Promise.all(
          windows
            .filter((w) => publicPagePath.test(new URL(w.url).pathname))
            .map((w) => keep(w.url)),
        )
      })(),
    )
  })
}
