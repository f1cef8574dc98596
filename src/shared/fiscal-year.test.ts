import { describe, expect, it } from 'vitest'
import { fiscalYearOf, fiscalYearStartOf } from './fiscal-year.ts'

describe('fiscal years', () => {
  it('start in their month: June belongs to the year that started the July before', () => {
    expect(fiscalYearOf('2026-06-30', 7)).toBe(2025)
    expect(fiscalYearOf('2026-07-01', 7)).toBe(2026)
    expect(fiscalYearStartOf('2026-06-30', 7)).toBe('2025-07-01')
    expect(fiscalYearStartOf('2026-12-31', 7)).toBe('2026-07-01')
    expect(fiscalYearStartOf('2026-03-15', 1)).toBe('2026-01-01')
    expect(fiscalYearStartOf('2026-03-15', 4)).toBe('2025-04-01')
  })
})
