import { describe, expect, it } from 'vitest'
import { navEntries, navItems } from './nav-items.ts'

const paths = (entries: ReturnType<typeof navEntries>) =>
  entries.map((e) => ('item' in e ? e.item.to : `${e.area}: ${e.items.map((i) => i.to).join(' ')}`))

describe('navEntries', () => {
  it('groups the whole menu by area, an area of one page as that page', () => {
    expect(paths(navEntries(navItems))).toEqual([
      '/dashboard',
      'access: /access-control /oisacl-roles /audits',
      '/academic-structure',
      'accounting: /coa /coa-mapping /coa-config /vouchers /vouchers/ledger /vouchers/trial-balance',
      'admission: /admission-forms /admission-applicants',
    ])
  })

  it('shows an area with one page the user may open as that page alone', () => {
    const some = navItems.filter((i) => ['/access-control', '/coa', '/vouchers'].includes(i.to))
    expect(paths(navEntries(some))).toEqual(['/access-control', 'accounting: /coa /vouchers'])
  })
})
