import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Icon } from '../icons.tsx'
import { StoredDataBanner } from '../offline/StoredDataBanner.tsx'
import { Footer } from './Footer.tsx'
import { Navbar } from './Navbar.tsx'
import { NavMenu } from './NavMenu.tsx'
import { RouteTransition } from './RouteTransition.tsx'
import { mainContentId, SkipLink } from './SkipLink.tsx'

function Brand() {
  return (
    <span className="brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="brand-name">{__APP_NAME__}</span>
    </span>
  )
}

/** `tools`: what the app puts in the top bar beside the user's menu (the institute picker). */
export function VerticalLayout({ children, tools }: { children: ReactNode; tools?: ReactNode }) {
  const { t } = useLingui()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className={`layout layout-vertical${menuOpen ? ' menu-open' : ''}`} data-layout="vertical">
      <SkipLink />
      <aside className="sidebar" onClick={() => setMenuOpen(false)}>
        <div className="sidebar-header">
          <Brand />
        </div>
        <NavMenu orientation="vertical" />
      </aside>
      {menuOpen && <div className="sidebar-backdrop" onClick={() => setMenuOpen(false)} />}
      <div className="layout-main">
        <Navbar
          start={
            <button
              type="button"
              className="icon-button menu-toggle"
              aria-label={t`Open menu`}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Icon name="menu" />
            </button>
          }
          tools={tools}
        />
        <main id={mainContentId} className="content content-full" tabIndex={-1}>
          <StoredDataBanner />
          <RouteTransition>{children}</RouteTransition>
        </main>
        <Footer />
      </div>
    </div>
  )
}

export function HorizontalLayout({ children, tools }: { children: ReactNode; tools?: ReactNode }) {
  return (
    <div className="layout layout-horizontal" data-layout="horizontal">
      <SkipLink />
      <Navbar start={<Brand />} tools={tools} />
      <div className="horizontal-menu-wrapper">
        <NavMenu orientation="horizontal" />
      </div>
      <main id={mainContentId} className="content content-full" tabIndex={-1}>
        <StoredDataBanner />
        <RouteTransition>{children}</RouteTransition>
      </main>
      <Footer />
    </div>
  )
}
