import { Outlet } from '@tanstack/react-router'
import { FullLayout } from '../components/layout/FullLayout.tsx'
import { NavigationProgress } from '../components/layout/NavigationProgress.tsx'
import { ScrollToTop } from '../components/ScrollToTop.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { UpdatePrompt } from '../components/UpdatePrompt.tsx'

/** The public pages' frame: no menus, the language and the connection at the top. */
export function PublicRoot() {
  return (
    <>
      <NavigationProgress />
      <FullLayout>
        <Outlet />
      </FullLayout>
      <ScrollToTop />
      <Toaster />
      <UpdatePrompt />
    </>
  )
}
