import { describe, expect, it } from 'vitest'
import { errorMessages } from '../../shared/errors/catalogue.ts'
import { notices } from '../../shared/messages/notices.ts'
import { englishText, localeOf, textIn } from './messages.ts'

const sample = {
  max: 120,
  min: 8,
  levels: 5,
  parent: '1010102',
  digits: 3,
  type: 'asset',
  actual: 'income',
  purpose: 'cash',
  lockDate: '2026-03-31',
  from: '2026-04-01',
  to: '2027-06-30',
  status: 'accepted',
  action: 'review',
  subject: 'voucher',
  code: '123456',
  username: 'admin',
}
const languages = ['de', 'fr', 'pt', 'bn'] as const

describe('the error catalogue on the server', () => {
  it('renders the English of a code with its values', () => {
    expect(englishText('too_long', { max: 120 })).toBe('At most 120 characters.')
    expect(englishText('invalid_status', { status: 'accepted', action: 'review' })).toBe(
      'An applicant whose status is accepted cannot be put under review.',
    )
    expect(englishText('gl_code_shape', { parent: '1010102', digits: 3 })).toBe(
      "Use the parent's code 1010102 followed by 3 digits.",
    )
  })

  it('renders every refusal and notice in every language, each value in its place', () => {
    const descriptors = [...Object.values(errorMessages), ...Object.values(notices)]
    for (const language of languages) {
      for (const descriptor of descriptors) {
        const text = textIn(language, descriptor, sample)
        expect(text, `${language} ${descriptor.id}`).not.toMatch(/[{}]/)
        for (const [name, value] of Object.entries(sample)) {
          if (descriptor.message.includes(`{${name}}`)) {
            expect(text, `${language} ${descriptor.id} keeps {${name}}`).toContain(String(value))
          }
        }
      }
    }
    expect(textIn('de', errorMessages.too_long, { max: 40 })).toBe('Höchstens 40 Zeichen.')
    expect(textIn('bn', notices.resetCodeBody, { code: '123456' })).toBe(
      'আপনার পাসওয়ার্ড রিসেট কোড 123456। এটি ১০ মিনিট বৈধ। আপনি না চেয়ে থাকলে এই বার্তা উপেক্ষা করুন।',
    )
  })

  it('picks the first language of Accept-Language it speaks, else English', () => {
    expect(localeOf('pt-BR,pt;q=0.9')).toBe('pt')
    expect(localeOf('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn')
    expect(localeOf('nl-NL, fr;q=0.7')).toBe('fr')
    expect(localeOf('ja')).toBe('en')
    expect(localeOf(undefined)).toBe('en')
  })
})
