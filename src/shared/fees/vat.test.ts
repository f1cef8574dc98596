import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { vatOf, vatRateOn } from './vat.ts'

const exclusive = (rateBp: number) => ({ rateBp, inclusive: false })
const inclusive = (rateBp: number) => ({ rateBp, inclusive: true })

describe('VAT of a line', () => {
  it('exclusive: the rate of the amount, half-up to the minor unit', () => {
    expect(vatOf(10_000, exclusive(1_500))).toBe(1_500)
    expect(vatOf(0, exclusive(1_500))).toBe(0)
    expect(vatOf(1, exclusive(1_500))).toBe(0)
    expect(vatOf(1, exclusive(5_000))).toBe(1) // 0.5: a tie, up
    expect(vatOf(1, exclusive(4_999))).toBe(0)
    expect(vatOf(333, exclusive(1_500))).toBe(50) // 49.95
    expect(vatOf(10_000, exclusive(0))).toBe(0)
  })

  it('inclusive: the VAT part of an amount that holds it, half-up', () => {
    expect(vatOf(11_500, inclusive(1_500))).toBe(1_500)
    expect(vatOf(1, inclusive(1_500))).toBe(0)
    expect(vatOf(0, inclusive(1_500))).toBe(0)
    // 3 at 20 % holds 0.5 of VAT: the tie goes to the VAT (2 + 1), as a half-up VAT figure does.
    expect(vatOf(3, inclusive(2_000))).toBe(1)
    expect(vatOf(2, inclusive(10_000))).toBe(1)
    expect(vatOf(1, inclusive(10_000))).toBe(1)
  })

  it('exact for large amounts, near and beyond where amount × rate leaves the safe integers', () => {
    const edge = Math.floor(Number.MAX_SAFE_INTEGER / 10_000) // 900,719,925,474
    expect(vatOf(edge, exclusive(10_000))).toBe(edge)
    expect(vatOf(edge + 1, exclusive(1_500))).toBe(135_107_988_821) // 135,107,988,821.25
    expect(vatOf(Number.MAX_SAFE_INTEGER, exclusive(1))).toBe(900_719_925_474) // …474.0991
    expect(vatOf(Number.MAX_SAFE_INTEGER, inclusive(1_500))).toBe(1_174_852_076_705_347) // …346.83
    const big = 999_999_999_999
    expect(vatOf(big, exclusive(1_750))).toBe(175_000_000_000) // 174,999,999,999.825
  })

  it('inclusive VAT and the net it leaves make up the amount, the net the nearest to amount ÷ (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, rateBp) => {
          const vat = vatOf(amount, inclusive(rateBp))
          expect(vat).toBeGreaterThanOrEqual(0)
          expect(vat).toBeLessThanOrEqual(amount)
          // |net − amount × 10000 / (10000 + rate)| ≤ 1/2, exactly in BigInt.
          const net = BigInt(amount - vat)
          const off = net * BigInt(10_000 + rateBp) * 2n - BigInt(amount) * 20_000n
          expect(off <= BigInt(10_000 + rateBp) && off >= -BigInt(10_000 + rateBp)).toBe(true)
        },
      ),
    )
  })

  it('refuses a rate over 100 % and amounts that are not safe whole minor units', () => {
    expect(() => vatOf(100, exclusive(10_001))).toThrow(RangeError)
    expect(() => vatOf(1.5, exclusive(100))).toThrow(RangeError)
    expect(() => vatOf(-1, exclusive(100))).toThrow(RangeError)
  })
})

describe('the rate in force', () => {
  const history = [
    { id: 'b', rateBp: 1_500, inclusive: false, effectiveFrom: '2026-07-01' },
    { id: 'a', rateBp: 1_000, inclusive: false, effectiveFrom: '2025-01-01' },
    { id: 'c', rateBp: 0, inclusive: true, effectiveFrom: '2027-01-01' },
  ]

  it('is the latest one in force from the issue date or before, none before the first', () => {
    expect(vatRateOn(history, '2024-12-31')).toBeNull()
    expect(vatRateOn(history, '2025-01-01')?.id).toBe('a')
    expect(vatRateOn(history, '2026-06-30')?.id).toBe('a')
    expect(vatRateOn(history, '2026-07-01')?.id).toBe('b')
    expect(vatRateOn(history, '2030-01-01')?.id).toBe('c')
    expect(vatRateOn([], '2026-07-01')).toBeNull()
  })
})
