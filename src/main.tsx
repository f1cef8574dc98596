import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouteError } from './components/offline/RouteError.tsx'
import { ability } from './lib/ability.ts'
import {
  activateLocale,
  i18n,
  initialLocale,
  loadErrorStrings,
  wantStaffStrings,
} from './lib/i18n.ts'
import { setNavigator } from './lib/navigation.ts'
import { queryClient, restoreQueryCache } from './lib/query-client.ts'
import { session } from './lib/session.ts'
import { forgetSession } from './lib/sign-out.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import { bindLayoutSettings } from './lib/settings.ts'
import { startUserSync } from './lib/user-sync.ts'
import { routeTree } from './routeTree.gen.ts'
import './styles/app.css'

const router = createRouter({
  routeTree,
  context: { queryClient, auth: session, ability },
  defaultPreload: 'intent',
  // A page that cannot load says so in its place, inside the menus, never as another page.
  defaultErrorComponent: RouteError,
  defaultPreloadStaleTime: 0,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// §2: the initial loading overlay is hidden once a navigation has finished. The service worker
// is registered only then: its precache (the whole app, hundreds of files) would otherwise
// compete with the first page's own chunks and data for the network and the server.
router.subscribe('onResolved', () => {
  document.getElementById('loading-bg')?.classList.add('hidden')
  void registerServiceWorker()
})
setNavigator({
  go: (href, options) => router.navigate({ href, replace: options?.replace }),
  reload: () => void router.invalidate(),
})

/*
 * No top-level await here: with one, the bundler keeps the modules every page loads in dozens of
 * small chunks (it merges chunks only when no module awaits at the top level).
 */
async function start() {
  // The browser was closed on a session without "remember me": its cookies are gone, so the
  // rest of what it held for that user goes too.
  if (session.userData() && !session.accessToken()) await forgetSession()
  bindLayoutSettings()
  document.title = __APP_NAME__
  // A signed-in user's saved cache is restored before the first route loads, so loaders find it
  // even offline. A visitor's public page does not wait for it (nor download it first): its
  // loaders read it only when the network does not answer.
  const signedIn = Boolean(session.userData())
  wantStaffStrings()
  await Promise.all([signedIn && restoreQueryCache(), activateLocale(initialLocale())])

  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
  // The refusals' words, fetched with the language, taken in once the app renders (lib/i18n.ts).
  void loadErrorStrings()

  if (!signedIn) void restoreQueryCache()

  // Roles can change while the app is open: the stored user follows the server's.
  startUserSync(queryClient, () => router.invalidate())

  // The browser database is opened once the page is up; nothing on the first screen needs it.
  // With nobody signed in, no stored read may outlive its user.
  void import('./lib/stored-reads.ts').then(({ forgetStoredReads }) =>
    session.userData() ? undefined : forgetStoredReads('all'),
  )
  // Admission submissions an earlier visit queued go out now, and whenever the network returns.
  void import('./features/admission/outbox-triggers.ts').then((m) => m.startOutboxTriggers())
}

void start()
