import type { ReactNode } from 'react'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { OfflineIndicator } from './OfflineIndicator.tsx'

/**
 * Pages that stand alone: sign-in, recovery, admission, status pages. In the staff app each
 * fades in on navigation (RouteTransition, around `children`); a public page is a document.
 */
export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-full" data-layout="full">
      <div className="full-layout-tools">
        <OfflineIndicator />
        <LanguageSwitcher />
      </div>
      <main className="full-layout-content">{children}</main>
    </div>
  )
}
