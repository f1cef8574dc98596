import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FullLayout } from '../components/layout/FullLayout.tsx'
import { NavigationProgress } from '../components/layout/NavigationProgress.tsx'
import { ScrollToTop } from '../components/ScrollToTop.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { UpdatePrompt } from '../components/UpdatePrompt.tsx'

/** The public pages' frame: no menus, the language and the connection at the top. */
export function PublicRoot() {
  // Marks the page as taken over by its scripts (a server-rendered page is usable before).
  useEffect(() => {
    document.documentElement.dataset.live = ''
  }, [])
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
