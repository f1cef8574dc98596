import { describe, expect, it } from 'vitest'
import { navItems, visibleNavItems } from '../../components/layout/nav-items.ts'
import { buildAbility } from '../../shared/permissions/ability.ts'
import { routeAccess } from '../../shared/permissions/route-access.ts'
import { shortcutsFor } from './shortcuts.ts'

const shortcutPaths = (items: typeof navItems) => shortcutsFor(items).map((s) => s.item.to)

describe('"Get started" on the dashboard', () => {
  it('offers every page of the menu but the dashboard itself, the counter first', () => {
    const offered = shortcutPaths(navItems)
    expect([...offered].sort()).toEqual(
      navItems
        .map((i) => i.to)
        .filter((to) => to !== '/dashboard')
        .sort(),
    )
    expect(offered.slice(0, 3)).toEqual([
      '/payment-collection',
      '/payment-collection/day',
      '/advance-override',
    ])
  })

  it('offers the collection screens only to users allowed to open them', () => {
    const counter = routeAccess['/payment-collection']
    const cashier = buildAbility([
      { action: 'read', subject: 'dashboard' },
      { action: counter.action, subject: counter.subject },
    ])
    const offered = shortcutPaths(visibleNavItems(cashier))
    expect(offered).toContain('/payment-collection')
    expect(offered).not.toContain('/vouchers')
    const clerk = buildAbility([{ action: 'read', subject: 'dashboard' }])
    expect(shortcutPaths(visibleNavItems(clerk))).toEqual([])
  })
})
