import { hydrate } from '@tanstack/react-query'
import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { i18n, loadLocale, wantAreaStrings } from '../lib/i18n.ts'
import { offlineDbPresent } from '../lib/offline-db-presence.ts'
import { queryClient, withoutSavedCache } from '../lib/query-client.ts'
import { session } from '../lib/session.ts'
import { bindLayoutSettings } from '../lib/settings.ts'
import { readIsland } from './island.ts'
import { loadPage, pageContent } from './page-content.tsx'
import { matchPage } from './pages.ts'
import { PublicRoot } from './PublicRoot.tsx'

/**
 * The public pages' app, started by main.tsx at the visitor's first touch: it takes over the
 * page the server rendered, from the data it was rendered from (in the page), by hydrating
 * that page alone — no router: a link to another page loads it.
 */

/**
 * A turn of the event loop for the browser: a phone's slow CPU takes each step of the start
 * (evaluating the code, reading the data, hydrating) as a task of its own, none long enough to
 * hold back a tap or a keystroke.
 */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0))

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

const inFrame = (content: ReactNode) => (
  <StrictMode>
    <PublicRoot i18n={i18n} queryClient={queryClient}>
      {content}
    </PublicRoot>
  </StrictMode>
)

async function start() {
  const match = await matchPage(new URL(location.href))
  // This browser's state sends it elsewhere (a signed-in user on the sign-in page).
  const elsewhere = match?.page.elsewhere?.()
  if (elsewhere) {
    location.replace(elsewhere)
    return
  }
  withoutSavedCache()
  bindLayoutSettings()
  const island = readIsland()
  // Not a page the server rendered (a kept copy always is): nothing to take over.
  if (!island || !match) return
  hydrate(queryClient, island.queries)
  wantAreaStrings(match.page.strings ?? [])
  await loadLocale(island.locale)
  await yieldToBrowser()
  const app = document.getElementById('app')!
  if (island.outcome === 'error') {
    // What failed on the server is asked again from here, and shown as it now stands.
    const content = await pageContent(match, await loadPage(match, queryClient))
    createRoot(app).render(inFrame(content))
  } else {
    const content = await pageContent(match, { outcome: island.outcome })
    startTransition(() => {
      hydrateRoot(app, inFrame(content))
    })
  }
  void forgetLeftovers()
  // Admission submissions an earlier visit queued go out now, and whenever the network returns
  // (a visit that queues one starts the same triggers).
  if (await offlineDbPresent()) {
    void import('../features/admission/outbox-triggers.ts').then((m) => m.startOutboxTriggers())
  }
}

void start()
