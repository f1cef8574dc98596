import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '../icons.tsx'
import type { NavItem } from './nav-items.ts'

/** One page of the menu; only the current page's entry is active. */
export function NavLink({
  item,
  current,
  onClick,
}: {
  item: NavItem
  current: NavItem | undefined
  onClick?: () => void
}) {
  const { i18n } = useLingui()
  return (
    <Link
      to={item.to}
      activeProps={{ className: 'active' }}
      // Only the best entry matches its sub-pages; the others only their own page, which
      // would have made them the best: a parent entry is never current beside its child.
      activeOptions={{ exact: item !== current }}
      onClick={onClick}
    >
      <Icon name={item.icon} />
      <span>{i18n._(item.label)}</span>
    </Link>
  )
}
