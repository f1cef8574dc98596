import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useAbility } from '../../lib/ability.ts'
import { session } from '../../lib/session.ts'
import { NavDropdown } from './NavDropdown.tsx'
import { NavLink } from './NavLink.tsx'
import { currentNavItem, navAreas, navEntries, visibleNavItems } from './nav-items.ts'

/**
 * The main menu, its pages grouped by area: in the sidebar under the areas' names, in the
 * horizontal bar as one dropdown per area, so that the bar fits any screen and language.
 */
export function NavMenu({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const { i18n, t } = useLingui()
  const ability = useAbility()
  const pathname = useLocation({ select: (l) => l.pathname })
  const items = visibleNavItems(ability, session.userData()?.platformAdmin)
  const current = currentNavItem(items, pathname)
  return (
    <nav className={`nav-menu nav-menu-${orientation}`} aria-label={t`Main menu`}>
      <ul>
        {navEntries(items).map((entry) => {
          if ('item' in entry) {
            return (
              <li key={entry.item.to}>
                <NavLink item={entry.item} current={current} />
              </li>
            )
          }
          if (orientation === 'horizontal') {
            return (
              <li key={entry.area}>
                <NavDropdown area={entry.area} items={entry.items} current={current} />
              </li>
            )
          }
          return (
            <li key={entry.area} className="nav-area">
              <span className="nav-area-label">{i18n._(navAreas[entry.area].label)}</span>
              <ul>
                {entry.items.map((item) => (
                  <li key={item.to}>
                    <NavLink item={item} current={current} />
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
