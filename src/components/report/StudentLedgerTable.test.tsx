import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StudentLedger } from '../../shared/schemas/reports.ts'
import { StudentLedgerTable } from './StudentLedgerTable.tsx'

const entries = 100_000
/** A student's ledger of 100,000 payments of 1.00 against an opening balance of 100,000.00. */
const ledger: StudentLedger = {
  student: {
    id: 's1',
    studentCode: 'S-1',
    fullName: 'Amina Rahman',
    guardianName: 'Karim Rahman',
    className: null,
    sectionName: null,
    roll: null,
  },
  from: '2026-07-01',
  to: '2026-12-06',
  opening: { balanceMinor: entries * 100, advanceMinor: 0 },
  data: Array.from({ length: entries }, (_, i) => ({
    date: '2026-08-01',
    kind: 'payment' as const,
    documentNumber: `R-${i + 1}`,
    invoiceId: null,
    paymentId: `p${i}`,
    feeHeadName: 'Tuition',
    periodName: null,
    debitMinor: 0,
    creditMinor: 100,
    balanceMinor: (entries - i - 1) * 100,
    advanceMinor: 0,
    advanceBalanceMinor: 0,
    waivedMinor: 0,
  })),
  totals: { debitMinor: 0, creditMinor: entries * 100 },
  closing: { balanceMinor: 0, advanceMinor: 0 },
  fineAccruedMinor: 0,
  agreement: { reportMinor: 0, ledgerMinor: 0, agrees: true },
}

const table = () => (
  <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
    <StudentLedgerTable ledger={ledger} />
  </I18nProvider>
)

/** The table as first shown in a window of 1280×800 px scrolled to `scrollY`, its receipts. */
function shown(scrollY: number) {
  vi.stubGlobal('window', { innerWidth: 1280, innerHeight: 800, scrollY })
  vi.stubGlobal('document', {})
  vi.stubGlobal('localStorage', { getItem: () => null })
  const html = renderToString(table())
  const receipts = [...html.matchAll(/<td>R-(\d+)<\/td>/g)].map((m) => Number(m[1]))
  return { html, receipts }
}

afterEach(() => vi.unstubAllGlobals())
// The part drawing the window loaded, as it is once a long table has been shown (while it
// loads, the first rows are shown).
beforeAll(async () => {
  vi.stubGlobal('localStorage', { getItem: () => null })
  await prerender(table())
  vi.unstubAllGlobals()
})

describe('a student ledger of 100,000 entries', () => {
  it('draws the entries in the window, with the opening and closing balances, and counts them all', () => {
    const { html, receipts } = shown(0)
    // The header, the opening balance, every entry and the closing balance.
    expect(html).toContain(`aria-rowcount="${entries + 3}"`)
    expect(receipts[0]).toBe(1)
    expect(receipts.length).toBeGreaterThan(10)
    expect(receipts.length).toBeLessThan(60)
    expect(html).toContain('data-testid="ledger-opening" aria-rowindex="2"')
    expect(html).toMatch(/data-testid="ledger-closing" aria-rowindex="100003"/)
    expect(html).toContain('R-1</td>')
    expect(html).not.toContain('R-100000<')
  })

  it('draws later entries once scrolled down', () => {
    const { html, receipts } = shown(60_000 * 40)
    expect(receipts).toContain(60_001)
    expect(receipts).not.toContain(1)
    expect(receipts.length).toBeLessThan(60)
    expect(html).toContain('aria-rowindex="60003"')
  })
})
