import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import {
  routeAccess,
  type GuardedPath,
  type RouteAccess,
} from '../../shared/permissions/route-access.ts'
import type { AppAbility } from '../../shared/permissions/ability.ts'
import type { FileRouteTypes } from '../../routeTree.gen.ts'
import type { IconName } from '../icons.tsx'

/** The areas the menu groups its entries by. */
export const navAreas = {
  access: { label: msg`Users and access`, icon: 'shield' },
  accounting: { label: msg`Accounting`, icon: 'book' },
  admission: { label: msg`Admission`, icon: 'fileText' },
  fees: { label: msg`Fees`, icon: 'scale' },
  collection: { label: msg`Collection`, icon: 'fileText' },
  reports: { label: msg`Reports`, icon: 'barChart' },
  payments: { label: msg`Online payments`, icon: 'link' },
  institutes: { label: msg`Institute`, icon: 'settings' },
} as const satisfies Record<string, { label: MessageDescriptor; icon: IconName }>

export type NavArea = keyof typeof navAreas

export interface NavItem {
  to: Extract<GuardedPath, FileRouteTypes['to']>
  label: MessageDescriptor
  icon: IconName
  area?: NavArea
}

/** The menu; each feature adds its pages here as it lands, an area's pages together. */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: 'home' },
  { to: '/access-control', label: msg`Users`, icon: 'users', area: 'access' },
  { to: '/oisacl-roles', label: msg`Roles and permissions`, icon: 'shield', area: 'access' },
  { to: '/audits', label: msg`Audit log`, icon: 'list', area: 'access' },
  { to: '/institutes', label: msg`Institutes`, icon: 'building', area: 'institutes' },
  {
    to: '/institute-settings',
    label: msg`Institute settings`,
    icon: 'settings',
    area: 'institutes',
  },
  { to: '/campuses', label: msg`Campuses`, icon: 'mapPin', area: 'institutes' },
  {
    to: '/academic-structure',
    label: msg`Academic structure`,
    icon: 'list',
    area: 'institutes',
  },
  { to: '/students', label: msg`Students`, icon: 'users', area: 'institutes' },
  {
    to: '/students/promote',
    label: msg`Promote students`,
    icon: 'users',
    area: 'institutes',
  },
  { to: '/coa', label: msg`Chart of accounts`, icon: 'book', area: 'accounting' },
  { to: '/coa-mapping', label: msg`COA mapping`, icon: 'link', area: 'accounting' },
  { to: '/coa-config', label: msg`COA configuration`, icon: 'sliders', area: 'accounting' },
  { to: '/vouchers', label: msg`Vouchers`, icon: 'fileText', area: 'accounting' },
  { to: '/vouchers/ledger', label: msg`General ledger`, icon: 'bookOpen', area: 'accounting' },
  {
    to: '/vouchers/trial-balance',
    label: msg`Trial balance`,
    icon: 'scale',
    area: 'accounting',
  },
  { to: '/std-fee-config', label: msg`Fee configuration`, icon: 'sliders', area: 'fees' },
  { to: '/payment-cycle-config', label: msg`Payment cycles`, icon: 'list', area: 'fees' },
  { to: '/vat-config', label: msg`VAT`, icon: 'scale', area: 'fees' },
  { to: '/config-fine-management', label: msg`Fines`, icon: 'sliders', area: 'fees' },
  { to: '/student-concessions', label: msg`Concessions`, icon: 'users', area: 'fees' },
  { to: '/group-invoice', label: msg`Group invoice`, icon: 'fileText', area: 'fees' },
  {
    to: '/invoice-print-settings',
    label: msg`Invoice printing`,
    icon: 'printer',
    area: 'fees',
  },
  {
    to: '/payment-collection',
    label: msg`Counter collection`,
    icon: 'fileText',
    area: 'collection',
  },
  { to: '/payment-collection/day', label: msg`Cashier’s day`, icon: 'list', area: 'collection' },
  { to: '/advance-override', label: msg`Advances`, icon: 'list', area: 'collection' },
  { to: '/paid-report', label: msg`Paid report`, icon: 'list', area: 'reports' },
  { to: '/due-report', label: msg`Due report`, icon: 'list', area: 'reports' },
  { to: '/student-ledger', label: msg`Student ledger`, icon: 'list', area: 'reports' },
  { to: '/head-wise-ledger', label: msg`Head-wise ledger`, icon: 'bookOpen', area: 'reports' },
  {
    to: '/head-wise-summaries',
    label: msg`Head-wise summaries`,
    icon: 'list',
    area: 'reports',
  },
  { to: '/fintech', label: msg`Online payments`, icon: 'list', area: 'payments' },
  { to: '/fintech-merchant', label: msg`Merchant accounts`, icon: 'building', area: 'payments' },
  {
    to: '/merchant-settlement-account',
    label: msg`Settlement accounts`,
    icon: 'book',
    area: 'payments',
  },
  {
    to: '/fintech-institute-service',
    label: msg`Services offered online`,
    icon: 'sliders',
    area: 'payments',
  },
  {
    to: '/institute-campus-merchant-service',
    label: msg`Campus merchants`,
    icon: 'mapPin',
    area: 'payments',
  },
  { to: '/franchise-revenue', label: msg`Franchise revenue`, icon: 'barChart', area: 'payments' },
  { to: '/fintech-service', label: msg`Payment services`, icon: 'fileText', area: 'payments' },
  {
    to: '/fintech-service-provider',
    label: msg`Payment gateways`,
    icon: 'link',
    area: 'payments',
  },
  { to: '/admission-forms', label: msg`Admission forms`, icon: 'fileText', area: 'admission' },
  { to: '/admission-applicants', label: msg`Applicants`, icon: 'users', area: 'admission' },
  { to: '/sms-notification', label: msg`SMS notification`, icon: 'message' },
]

/** An entry of the menu as shown: a page, or an area's pages under its name. */
type NavEntry = { item: NavItem } | { area: NavArea; items: NavItem[] }

/**
 * The entries in menu order, each area's pages together where its first page is; an area with
 * one page the user may open is that page alone (a group of one is a click for nothing).
 */
export function navEntries(items: NavItem[]): NavEntry[] {
  const entries: NavEntry[] = []
  const groups = new Map<NavArea, NavItem[]>()
  for (const item of items) {
    const group = item.area && groups.get(item.area)
    if (group) group.push(item)
    else if (item.area) {
      const started = [item]
      groups.set(item.area, started)
      entries.push({ area: item.area, items: started })
    } else entries.push({ item })
  }
  return entries.map((entry) =>
    'area' in entry && entry.items.length === 1 ? { item: entry.items[0]! } : entry,
  )
}

/** Only what the user may open is shown; platform pages to platform administrators alone. */
export function visibleNavItems(ability: AppAbility, platformAdmin = false): NavItem[] {
  return navItems.filter((item) => {
    const access: RouteAccess = routeAccess[item.to]
    if (access.platform && !platformAdmin) return false
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
