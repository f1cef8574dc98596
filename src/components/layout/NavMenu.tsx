import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAbility } from '../../lib/ability.ts'
import { Icon } from '../icons.tsx'
import { visibleNavItems } from './nav-items.ts'

export function NavMenu({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const { i18n, t } = useLingui()
  const ability = useAbility()
  return (
    <nav className={`nav-menu nav-menu-${orientation}`} aria-label={t`Main menu`}>
      <ul>
        {visibleNavItems(ability).map((item) => (
          <li key={item.to}>
            <Link to={item.to} activeProps={{ className: 'active' }}>
              <Icon name={item.icon} />
              <span>{i18n._(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
