import { describe, expect, it } from 'vitest'
import { newShortReference, referencePrefix } from './short-reference.ts'

describe('short references', () => {
  it('take the institute’s initials from its slug', () => {
    expect(referencePrefix('demo-school')).toBe('DS')
    expect(referencePrefix('st-marys-high-school')).toBe('SMH')
    expect(referencePrefix('greenfield')).toBe('GR')
    expect(referencePrefix('school-21')).toBe('S2')
  })

  it('read institute, year and four characters that cannot be mistaken for others', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const reference = newShortReference('demo-school', '2027')
      expect(reference).toMatch(/^DS-27-[0-9A-HJKMNP-TV-Z]{4}$/)
      seen.add(reference)
    }
    // Random, not a counter: 500 draws from about a million are nearly all different.
    expect(seen.size).toBeGreaterThan(490)
  })
})
