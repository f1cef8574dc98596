import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { waiveFine } from './fine-waiver.ts'

describe('a waived fine', () => {
  it('takes off the waivers granted by the day asked about', () => {
    const waivers = [
      { waivedOn: '2026-08-10', amount: 300 },
      { waivedOn: '2026-08-20', amount: 200 },
    ]
    expect(waiveFine(1_000, waivers, '2026-08-09')).toEqual({
      fine: 1_000,
      waived: 0,
      amount: 1_000,
    })
    expect(waiveFine(1_000, waivers, '2026-08-10')).toEqual({
      fine: 1_000,
      waived: 300,
      amount: 700,
    })
    expect(waiveFine(1_000, waivers, '2026-08-25')).toEqual({
      fine: 1_000,
      waived: 500,
      amount: 500,
    })
  })

  it('never takes off more than the fine', () => {
    expect(waiveFine(100, [{ waivedOn: '2026-08-10', amount: 300 }], '2026-09-01')).toEqual({
      fine: 100,
      waived: 100,
      amount: 0,
    })
    expect(waiveFine(0, [{ waivedOn: '2026-08-10', amount: 300 }], '2026-09-01').amount).toBe(0)
  })

  it('refuses amounts that are not minor units', () => {
    expect(() => waiveFine(-1, [], '2026-09-01')).toThrow(RangeError)
    expect(() => waiveFine(10, [{ waivedOn: '2026-08-10', amount: 1.5 }], '2026-09-01')).toThrow(
      RangeError,
    )
  })

  const day = fc
    .integer({ min: 0, max: 365 })
    .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10))

  it('is never negative, never more than the fine, and adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.record({ waivedOn: day, amount: fc.integer({ min: 1, max: 5_000_000 }) }), {
          maxLength: 5,
        }),
        day,
        (fine, waivers, asOf) => {
          const result = waiveFine(fine, waivers, asOf)
          expect(result.amount).toBeGreaterThanOrEqual(0)
          expect(result.amount).toBeLessThanOrEqual(fine)
          expect(result.waived).toBeGreaterThanOrEqual(0)
          expect(result.waived + result.amount).toBe(fine)
        },
      ),
    )
  })

  it('does not rise as days pass while the fine stands', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.record({ waivedOn: day, amount: fc.integer({ min: 1, max: 5_000_000 }) }), {
          maxLength: 5,
        }),
        day,
        day,
        (fine, waivers, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a]
          expect(waiveFine(fine, waivers, late).amount).toBeLessThanOrEqual(
            waiveFine(fine, waivers, early).amount,
          )
        },
      ),
    )
  })
})
