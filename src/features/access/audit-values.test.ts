import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { auditFieldName, auditValue } from './audit-values.ts'

// English from the descriptors' own messages; the catalogs' translations are checked by Lingui.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

describe('audit values as people read them', () => {
  it('names recorded fields, and readably those it does not know', () => {
    expect(auditFieldName(i18n, 'homeRoute')).toBe('Home page')
    expect(auditFieldName(i18n, 'lockDate')).toBe('Books closed through')
    expect(auditFieldName(i18n, 'someNewField')).toBe('Some new field')
  })

  it('shows permissions, home pages, yes/no, statuses and months in words', () => {
    expect(auditValue(i18n, 'rules', ['read coa', 'manage getVouchers', 'manage all'])).toBe(
      'View: Chart of accounts, All actions: Vouchers, Everything',
    )
    expect(auditValue(i18n, 'homeRoute', '/vouchers/trial-balance')).toBe('Trial balance')
    expect(auditValue(i18n, 'isActive', false)).toBe('No')
    expect(auditValue(i18n, 'status', 'inactive')).toBe('Inactive')
    expect(auditValue(i18n, 'status', 'under_review')).toBe('Under review')
    expect(auditValue(i18n, 'fiscalYearStartMonth', 7)).toBe('July')
  })

  it('keeps what it cannot name as recorded, and an empty value as a dash', () => {
    expect(auditValue(i18n, 'rules', ['fly kites'])).toBe('fly kites')
    expect(auditValue(i18n, 'roles', ['accountant', 'cashier'])).toBe('accountant, cashier')
    expect(auditValue(i18n, 'email', null)).toBe('—')
  })
})
