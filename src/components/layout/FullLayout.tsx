import type { ReactNode } from 'react'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { OfflineIndicator } from './OfflineIndicator.tsx'
import { RouteTransition } from './RouteTransition.tsx'

/** Pages that stand alone: sign-in, recovery, admission, status pages. */
export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-full" data-layout="full">
      <div className="full-layout-tools">
        <OfflineIndicator />
        <LanguageSwitcher />
      </div>
      <main className="full-layout-content">
        <RouteTransition>{children}</RouteTransition>
      </main>
    </div>
  )
}
