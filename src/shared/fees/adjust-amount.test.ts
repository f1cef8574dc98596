import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { adjustAmount } from './adjust-amount.ts'

describe('adjustAmount', () => {
  it('changes by basis points and rounds half up to the step', () => {
    expect(adjustAmount(150000, 500, 'minor', 2)).toBe(157500)
    expect(adjustAmount(333, 1, 'minor', 2)).toBe(333) // 333.0333 → 333
    expect(adjustAmount(10001, 5000, 'minor', 2)).toBe(15002) // 15001.5 → 15002
    expect(adjustAmount(537500, 0, 'ten', 2)).toBe(538000) // 5375.00 → 5380.00
    expect(adjustAmount(537499, 0, 'ten', 2)).toBe(537000)
    expect(adjustAmount(14999, 0, 'hundred', 0)).toBe(15000) // JPY: no minor digits
    expect(adjustAmount(1234567, 1000, 'minor', 3)).toBe(1358024) // KWD, 1358.0237 → .024
    expect(adjustAmount(100, -10_000, 'minor', 2)).toBe(0)
    expect(adjustAmount(0, 2500, 'hundred', 2)).toBe(0)
  })

  it('is exact, a multiple of its step and within half a step of the true value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: -10_000, max: 100_000 }),
        fc.constantFrom('minor' as const, 'ten' as const, 'hundred' as const),
        fc.integer({ min: 0, max: 3 }),
        (amount, bp, rounding, digits) => {
          const result = adjustAmount(amount, bp, rounding, digits)
          const unit =
            rounding === 'minor' ? 1n : (rounding === 'ten' ? 10n : 100n) * 10n ** BigInt(digits)
          expect(Number.isSafeInteger(result)).toBe(true)
          expect(BigInt(result) % unit).toBe(0n)
          // |result·10000 − amount·(10000+bp)| ≤ unit·10000/2
          const error = BigInt(result) * 10_000n - BigInt(amount) * BigInt(10_000 + bp)
          expect(error <= unit * 5_000n && error > -unit * 5_000n).toBe(true)
        },
      ),
    )
  })
})
