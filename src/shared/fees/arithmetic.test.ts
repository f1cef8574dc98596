import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mulDiv, mulDivHalfUp } from './arithmetic.ts'
import { dateOfDay, dayNumber } from './days.ts'

const safe = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })

describe('exact products of money and rates', () => {
  it('agree with BigInt on every safe amount, below and above 2^53 for the product', () => {
    fc.assert(
      fc.property(
        safe,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (a, b, d) => {
          const n = BigInt(a) * BigInt(b)
          const q = n / BigInt(d)
          if (q > BigInt(Number.MAX_SAFE_INTEGER)) return
          expect(mulDiv(a, b, d)).toEqual({ quotient: Number(q), remainder: Number(n % BigInt(d)) })
          const r = n % BigInt(d)
          expect(mulDivHalfUp(a, b, d)).toBe(Number(2n * r >= BigInt(d) ? q + 1n : q))
        },
      ),
    )
  })

  it('round ties up and everything else to the nearest', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1)
    expect(mulDivHalfUp(1, 4_999, 10_000)).toBe(0)
    expect(mulDivHalfUp(1, 5_000, 10_000)).toBe(1)
    expect(mulDivHalfUp(3, 5_001, 10_000)).toBe(2)
  })
})

describe('day numbers', () => {
  it('count days as the calendar does, leap years included', () => {
    expect(dayNumber('1970-01-01')).toBe(0)
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2)
    expect(dayNumber('2100-03-01') - dayNumber('2100-02-28')).toBe(1)
    fc.assert(
      fc.property(fc.integer({ min: -25_567, max: 376_199 }), (n) => {
        const date = dateOfDay(n) // 1900-01-01 … 2999-12-31
        expect(dayNumber(date)).toBe(Date.parse(`${date}T00:00:00Z`) / 86_400_000)
      }),
    )
  })
})
