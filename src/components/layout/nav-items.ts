import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { routeAccess, type GuardedPath } from '../../shared/permissions/route-access.ts'
import type { AppAbility } from '../../shared/permissions/ability.ts'
import type { FileRouteTypes } from '../../routeTree.gen.ts'
import type { IconName } from '../icons.tsx'

export interface NavItem {
  to: Extract<GuardedPath, FileRouteTypes['to']>
  label: MessageDescriptor
  icon: IconName
}

/** The menu; each feature adds its pages here as it lands. */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: 'home' },
  { to: '/access-control', label: msg`Users`, icon: 'users' },
  { to: '/oisacl-roles', label: msg`Roles and permissions`, icon: 'shield' },
  { to: '/audits', label: msg`Audit log`, icon: 'list' },
  { to: '/coa', label: msg`Chart of accounts`, icon: 'book' },
  { to: '/coa-mapping', label: msg`COA mapping`, icon: 'link' },
  { to: '/coa-config', label: msg`COA configuration`, icon: 'sliders' },
  { to: '/vouchers', label: msg`Vouchers`, icon: 'fileText' },
  { to: '/vouchers/ledger', label: msg`General ledger`, icon: 'bookOpen' },
  { to: '/vouchers/trial-balance', label: msg`Trial balance`, icon: 'scale' },
  { to: '/admission-forms', label: msg`Admission forms`, icon: 'fileText' },
  { to: '/admission-applicants', label: msg`Applicants`, icon: 'users' },
]

/** Only what the user may open is shown. */
export function visibleNavItems(ability: AppAbility): NavItem[] {
  return navItems.filter((item) => {
    const access = routeAccess[item.to]
    return ability.can(access.action, access.subject)
  })
}

/**
 * The entry of the page at `pathname`: the longest entry whose path is the page's or one of its
 * parents (/vouchers/ledger is General ledger's, /vouchers/12 is Vouchers'), so that one entry
 * alone is current.
 */
export function currentNavItem(items: NavItem[], pathname: string): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  let best: NavItem | undefined
  for (const item of items) {
    const matches = path === item.to || path.startsWith(`${item.to}/`)
    if (matches && (!best || item.to.length > best.to.length)) best = item
  }
  return best
}
