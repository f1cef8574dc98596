import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TenderRows } from './TenderRows.tsx'
import { newTender, type TenderDraft } from './prepared-payment.ts'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

/** The option the provider's list shows as chosen. */
function shownProvider(issuer: string): string | undefined {
  const tenders: TenderDraft[] = [newTender('cash'), { ...newTender('mobile'), issuer }]
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <TenderRows
        tenders={tenders}
        amounts={[100_00, 50_00]}
        bankAccounts={[]}
        mobileProviders={['bKash', 'Nagad']}
        errors={{}}
        disabled={false}
        onChange={() => undefined}
      />
    </I18nProvider>,
  )
  const list = /<select id="tender-1-provider"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? ''
  return /<option[^>]*selected=""[^>]*>([^<]*)<\/option>/.exec(list)?.[1]
}

describe('the provider of a mobile payment', () => {
  it('shows the provider chosen', () => {
    expect(shownProvider('Nagad')).toBe('Nagad')
  })

  // A split made before the institute's list arrived has none: the list must not show one the
  // payment would not be sent with.
  it('asks for one when none of the list is chosen', () => {
    expect(shownProvider('')).toBe('Choose the provider')
    expect(shownProvider('Rocket')).toBe('Choose the provider')
  })
})
