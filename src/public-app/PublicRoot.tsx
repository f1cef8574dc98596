import { Outlet } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import { FullLayout } from '../components/layout/FullLayout.tsx'
import { NavigationProgress } from '../components/layout/NavigationProgress.tsx'
import { ScrollToTop } from '../components/ScrollToTop.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { UpdatePrompt } from '../components/UpdatePrompt.tsx'
import { activateLocale, savedLocale } from '../lib/i18n.ts'

/** The public pages' frame: no menus, the language and the connection at the top. */
export function PublicRoot() {
  const { i18n } = useLingui()
  // Once the scripts have taken the page over (a server-rendered page is usable before): it
  // says so, and a language chosen on this device before the cookie existed takes over.
  useEffect(() => {
    document.documentElement.dataset.live = ''
    const saved = savedLocale()
    if (saved && saved !== i18n.locale) void activateLocale(saved)
    // Once, when the page comes to life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
