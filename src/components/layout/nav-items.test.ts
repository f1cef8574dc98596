import { describe, expect, it } from 'vitest'
import { buildAbility } from '../../shared/permissions/ability.ts'
import { navEntries, navItems, visibleNavItems } from './nav-items.ts'

const paths = (entries: ReturnType<typeof navEntries>) =>
  entries.map((e) => ('item' in e ? e.item.to : `${e.area}: ${e.items.map((i) => i.to).join(' ')}`))

describe('navEntries', () => {
  it('groups the whole menu into the dashboard and its areas', () => {
    expect(paths(navEntries(navItems))).toEqual([
      '/dashboard',
      'access: /access-control /oisacl-roles /audits',
      'institutes: /institutes /institute-settings /campuses /academic-structure /students /students/promote',
      'accounting: /coa /coa-mapping /coa-config /vouchers /vouchers/ledger /vouchers/trial-balance',
      'fees: /std-fee-config /payment-cycle-config /vat-config /config-fine-management /student-concessions /group-invoice /invoice-print-settings',
      'collection: /payment-collection /payment-collection/day /advance-override',
      'reports: /paid-report /due-report /student-ledger /head-wise-ledger /head-wise-summaries',
      'payments: /fintech /fintech-merchant /merchant-settlement-account /fintech-institute-service /institute-campus-merchant-service /franchise-revenue /fintech-service /fintech-service-provider',
      'admission: /admission-forms /admission-applicants',
      '/sms-notification',
    ])
  })

  it('shows an area with one page the user may open as that page alone', () => {
    const some = navItems.filter((i) => ['/access-control', '/coa', '/vouchers'].includes(i.to))
    expect(paths(navEntries(some))).toEqual(['/access-control', 'accounting: /coa /vouchers'])
  })
})

describe('visibleNavItems', () => {
  const everything = buildAbility([{ action: 'manage', subject: 'all' }])
  it('shows the platform’s pages to platform administrators alone, whatever their roles', () => {
    expect(visibleNavItems(everything).map((i) => i.to)).not.toContain('/institutes')
    expect(visibleNavItems(everything, true).map((i) => i.to)).toContain('/institutes')
  })
})
