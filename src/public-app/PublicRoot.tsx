import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FullLayout } from '../components/layout/FullLayout.tsx'
import { ScrollToTop } from '../components/ScrollToTop.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { UpdatePrompt } from '../components/UpdatePrompt.tsx'

/**
 * A public page in its frame: no menus, the language and the connection at the top. The same
 * tree on the server and in the browser, so the browser's takes the server's over as it is.
 */
export function PublicRoot(props: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={props.i18n}>
      <QueryClientProvider client={props.queryClient}>
        <FullLayout>
          {/* As the staff app's page transition first renders (a document is not faded in). */}
          <div className="route-transition">{props.children}</div>
        </FullLayout>
        <ScrollToTop />
        <Toaster />
        <UpdatePrompt />
      </QueryClientProvider>
    </I18nProvider>
  )
}
