import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as bn } from '../locales/bn/errors.po'
import { messages as de } from '../locales/de/errors.po'
import { messages as en } from '../locales/en/errors.po'
import { messages as fr } from '../locales/fr/errors.po'
import { messages as pt } from '../locales/pt/errors.po'
import { errorId } from './error-id.ts'

const catalogs: Record<string, Messages> = { en, de, fr, pt, bn }

/** The words a user reads for `idempotency_conflict` with this subject, as the client renders it. */
const conflictText = (locale: string, subject: string) =>
  setupI18n({ locale, messages: { [locale]: catalogs[locale]! } })._(
    errorId('idempotency_conflict'),
    { subject },
  )

describe('a key sent again for another request', () => {
  it.each(Object.keys(catalogs))(
    'names the group invoice run in %s, not a voucher or an application',
    (locale) => {
      const run = conflictText(locale, 'group_invoice_run')
      expect(run).not.toBe(conflictText(locale, 'voucher'))
      expect(run).not.toBe(conflictText(locale, 'application'))
    },
  )
  it.each(Object.keys(catalogs))(
    'names an invoice and a fine waiver in %s, not a voucher',
    (locale) => {
      const voucher = conflictText(locale, 'voucher')
      expect(conflictText(locale, 'invoice')).not.toBe(voucher)
      expect(conflictText(locale, 'fine_waiver')).not.toBe(voucher)
      expect(conflictText(locale, 'fine_waiver')).not.toBe(conflictText(locale, 'invoice'))
    },
  )
})
