import type { ReactNode } from 'react'
import { InstituteBrand } from './InstituteBrand.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { OfflineIndicator } from './OfflineIndicator.tsx'
import { SkinToggle } from './SkinToggle.tsx'
import { UserMenu } from './UserMenu.tsx'

/** The floating navbar (§9) shared by the vertical and horizontal layouts. */
export function Navbar({ start, tools }: { start?: ReactNode; tools?: ReactNode }) {
  return (
    <header className="navbar navbar-floating">
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
