import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { InstituteBrand } from './InstituteBrand.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { OfflineIndicator } from './OfflineIndicator.tsx'
import { SkinToggle } from './SkinToggle.tsx'
import { UserMenu } from './UserMenu.tsx'

/**
 * Keeps the bar's height in `--top-bar-height` on the page's root, for what stays in view just
 * under it while the page scrolls (a report's header row).
 */
function usePublishedHeight() {
  const bar = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const header = bar.current
    if (!header) return
    const root = document.documentElement.style
    const observer = new ResizeObserver(() =>
      root.setProperty('--top-bar-height', `${header.offsetHeight}px`),
    )
    observer.observe(header)
    return () => {
      observer.disconnect()
      root.removeProperty('--top-bar-height')
    }
  }, [])
  return bar
}

/** The floating navbar (§9) shared by the vertical and horizontal layouts. */
export function Navbar({ start, tools }: { start?: ReactNode; tools?: ReactNode }) {
  const bar = usePublishedHeight()
  return (
    <header ref={bar} className="navbar navbar-floating">
      <div className="navbar-start">
        {start}
        <InstituteBrand />
      </div>
      <div className="navbar-end">
        {tools}
        <OfflineIndicator />
        <LanguageSwitcher />
        <SkinToggle />
        <UserMenu />
      </div>
    </header>
  )
}
