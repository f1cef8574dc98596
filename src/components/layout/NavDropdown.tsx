import { useLingui } from '@lingui/react/macro'
import { Icon } from '../icons.tsx'
import { usePopover } from '../popover/use-popover.ts'
import { navAreas, type NavArea, type NavItem } from './nav-items.ts'
import { NavLink } from './NavLink.tsx'

/**
 * An area of the horizontal menu: its name opens the list of its pages (a disclosure: the
 * pages stay links; arrow keys move through them, Escape closes it). The area of the current
 * page is marked, the current page itself is the active entry.
 */
export function NavDropdown({
  area,
  items,
  current,
}: {
  area: NavArea
  items: NavItem[]
  current: NavItem | undefined
}) {
  const { i18n } = useLingui()
  const { close, triggerProps, popoverProps } = usePopover<HTMLUListElement>({
    align: 'start',
    focusFirst: false,
  })
  const holdsCurrent = current !== undefined && items.includes(current)
  return (
    <>
      <button
        {...triggerProps}
        className={`nav-dropdown-toggle${holdsCurrent ? ' current-area' : ''}`}
      >
        <Icon name={navAreas[area].icon} />
        <span>{i18n._(navAreas[area].label)}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      <ul {...popoverProps} className="popover-menu nav-dropdown">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink item={item} current={current} onClick={() => close({ refocus: false })} />
          </li>
        ))}
      </ul>
    </>
  )
}
