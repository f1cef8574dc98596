import { hydrate } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { activateLocale, i18n, initialLocale, loadLocale } from '../lib/i18n.ts'
import { setNavigator } from '../lib/navigation.ts'
import { offlineDbPresent } from '../lib/offline-db-presence.ts'
import { queryClient, withoutSavedCache } from '../lib/query-client.ts'
import { homeRouteFor, session } from '../lib/session.ts'
import { bindLayoutSettings } from '../lib/settings.ts'
import { keepPublicPageMessage } from '../shared/public-pages.ts'
import { readIsland } from './island.ts'
import { createPublicRouter } from './router.tsx'

/**
 * The public pages' app, started by main.tsx at the visitor's first touch: it takes over a page
 * the server rendered (the data it was rendered from is in the page), or, started from the
 * offline copy of the app, renders the page itself.
 */

/** What `hydrate()` of TanStack Router reads; its own SSR would have written it inline. */
declare global {
  interface Window {
    $_TSR?: unknown
  }
}

/**
 * A turn of the event loop for the browser: a phone's slow CPU takes each step of the start
 * (evaluating the code, making the router, hydrating) as a task of its own, none long enough
 * to hold back a tap or a keystroke.
 */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0))

function makeRouter() {
  const router = createPublicRouter({ queryClient, i18n })
  setNavigator((href) => void router.navigate({ href }))
  // A page reached without loading it (a link inside these pages) is kept for offline visits.
  router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    if (!fromLocation || fromLocation.href === toLocation.href) return
    navigator.serviceWorker?.controller?.postMessage({
      type: keepPublicPageMessage,
      url: toLocation.href,
    })
  })
  return router
}

/** A signed-in user who opens the sign-in page goes to their own (the server cannot tell). */
function leaveSignInWhenSignedIn(): boolean {
  if (location.pathname !== '/login' || !session.isLoggedIn()) return false
  location.replace(session.isValid() ? homeRouteFor(session.userData()) : '/logout')
  return true
}

/**
 * As the staff app does at start: the browser was closed on a session without "remember me"
 * (its cookies are gone), so the rest of what it held for that user goes; with nobody signed
 * in, no stored read may outlive its user. After the page is up: nothing on it needs this.
 */
async function forgetLeftovers() {
  if (session.userData() && !session.accessToken()) {
    await import('../lib/sign-out.ts').then((m) => m.forgetSession())
  }
  if (!session.userData() && (await offlineDbPresent())) {
    await import('../lib/stored-reads.ts').then((m) => m.forgetStoredReads('all'))
  }
}

async function start() {
  if (leaveSignInWhenSignedIn()) return
  withoutSavedCache()
  bindLayoutSettings()
  await yieldToBrowser()
  const router = makeRouter()
  const app = document.getElementById('app')!
  const island = readIsland()
  if (island) {
    hydrate(queryClient, island.queries)
    await loadLocale(island.locale)
    await yieldToBrowser()
    window.$_TSR = {
      router: island.router,
      buffer: [],
      initialized: false,
      h() {},
      e() {},
      c() {},
      p(script: () => void) {
        script()
      },
    }
    startTransition(() => {
      hydrateRoot(
        app,
        <StrictMode>
          <RouterClient router={router} />
        </StrictMode>,
      )
    })
  } else {
    await activateLocale(initialLocale())
    createRoot(app).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  }
  void forgetLeftovers()
  // Admission submissions an earlier visit queued go out now, and whenever the network returns
  // (a visit that queues one starts the same triggers).
  if (await offlineDbPresent()) {
    void import('../features/admission/outbox-triggers.ts').then((m) => m.startOutboxTriggers())
  }
}

void start()
