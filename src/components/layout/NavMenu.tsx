import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useAbility } from '../../lib/ability.ts'
import { Icon } from '../icons.tsx'
import { currentNavItem, visibleNavItems } from './nav-items.ts'

export function NavMenu({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const { i18n, t } = useLingui()
  const ability = useAbility()
  const pathname = useLocation({ select: (l) => l.pathname })
  const items = visibleNavItems(ability)
  const current = currentNavItem(items, pathname)
  return (
    <nav className={`nav-menu nav-menu-${orientation}`} aria-label={t`Main menu`}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              activeProps={{ className: 'active' }}
              // Only the best entry matches its sub-pages; the others only their own page, which
              // would have made them the best: a parent entry is never current beside its child.
              activeOptions={{ exact: item !== current }}
            >
              <Icon name={item.icon} />
              <span>{i18n._(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
