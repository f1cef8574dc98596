import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { AppErrorBoundary } from '../components/AppErrorBoundary.tsx'
import { Customizer } from '../components/layout/Customizer.tsx'
import { FullLayout } from '../components/layout/FullLayout.tsx'
import { RouteTransition } from '../components/layout/RouteTransition.tsx'
import { HorizontalLayout, VerticalLayout } from '../components/layout/Layouts.tsx'
import { NavigationProgress } from '../components/layout/NavigationProgress.tsx'
import { ScrollToTop } from '../components/ScrollToTop.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { UpdatePrompt } from '../components/UpdatePrompt.tsx'
import { ensureAreaStrings } from '../lib/i18n.ts'
import type { RouterContext } from '../lib/router-context.ts'
import { layoutSettings } from '../lib/settings.ts'
import { workingInstituteState } from '../lib/working-institute.ts'
import { exportJobs } from '../lib/report-exports.ts'

// Platform administrators only, and it reads through the API client: loaded with the staff shell's
// first render, never with a public page's first load.
const InstitutePicker = lazy(async () => {
  const [{ InstitutePicker }] = await Promise.all([
    import('../features/institutes/InstitutePicker.tsx'),
    ensureAreaStrings(['institutes']),
  ])
  return { default: InstitutePicker }
})

// The panel of exports running as jobs reads through the API client too: loaded once one runs.
const ReportExports = lazy(async () => ({
  default: (await import('../components/ReportExports.tsx')).ReportExports,
}))

export const Route = createRootRouteWithContext<RouterContext>()({
  // A signed-in user's pages are staff pages: their areas' strings arrive before they render.
  beforeLoad: async ({ context, matches }) => {
    if (!context.auth.isLoggedIn()) return
    await ensureAreaStrings(matches.flatMap((m) => m.staticData.strings ?? []))
  },
  component: Root,
  errorComponent: AppErrorBoundary,
})

/** The layout comes from the route's own setting, else from the configured layout type (§2). */
function Root() {
  const full = useMatches({ select: (ms) => ms.some((m) => m.staticData.layout === 'full') })
  const { layoutType } = useSnapshot(layoutSettings)
  // Another institute chosen in the top bar: every page starts afresh with its data.
  const { choice } = useSnapshot(workingInstituteState)
  const exports = useSnapshot(exportJobs)
  const Staff = layoutType === 'horizontal' ? HorizontalLayout : VerticalLayout
  return (
    <>
      <NavigationProgress />
      {full ? (
        <FullLayout>
          <RouteTransition>
            <Outlet />
          </RouteTransition>
        </FullLayout>
      ) : (
        <Staff
          key={choice ?? ''}
          tools={
            <Suspense fallback={null}>
              <InstitutePicker />
            </Suspense>
          }
        >
          <Outlet />
        </Staff>
      )}
      {!full && <Customizer />}
      <ScrollToTop />
      <Toaster />
      {!full && exports.items.length > 0 && (
        <Suspense fallback={null}>
          <ReportExports />
        </Suspense>
      )}
      <UpdatePrompt />
    </>
  )
}
