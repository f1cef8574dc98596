import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocateFixed, applyConcessions, type Concession } from './concession.ts'

const percent = (rateBp: number, id = `p${rateBp}`): Concession => ({ id, kind: 'percent', rateBp })
const fixed = (amount: number, id = `f${amount}`): Concession => ({ id, kind: 'fixed', amount })
const total = (gross: number, concessions: Concession[]) => {
  const result = applyConcessions(gross, concessions)
  if (!result.ok) throw new Error(result.code)
  return result.total
}

describe('a concession on a line', () => {
  it('a percentage, half-up to the minor unit', () => {
    expect(total(10_000, [percent(1_000)])).toBe(1_000)
    expect(total(995, [percent(1_000)])).toBe(100) // 99.5
    expect(total(994, [percent(1_000)])).toBe(99) // 99.4
    expect(total(1, [percent(5_000)])).toBe(1)
    expect(total(0, [percent(5_000)])).toBe(0)
    expect(total(10_000, [percent(10_000)])).toBe(10_000)
  })

  it('a fixed amount, at most the gross', () => {
    expect(total(10_000, [fixed(2_500)])).toBe(2_500)
    expect(total(300, [fixed(500)])).toBe(300)
  })

  it('refuses a percentage over 100 %', () => {
    expect(applyConcessions(10_000, [fixed(10), percent(10_001, 'merit')])).toEqual({
      ok: false,
      code: 'concession_over_100',
      concessionId: 'merit',
    })
  })

  it('several: fixed first, then the percentages added up on what the fixed ones leave', () => {
    const result = applyConcessions(10_000, [
      percent(1_000, 'sibling'),
      fixed(2_000, 'staff'),
      percent(2_000, 'merit'),
    ])
    expect(result).toMatchObject({ ok: true, total: 4_400 })
    if (!result.ok) return
    expect(result.applied.map((a) => [a.concession.id, a.base, a.amount])).toEqual([
      ['staff', 10_000, 2_000],
      ['sibling', 8_000, 800],
      ['merit', 8_000, 1_600],
    ])
  })

  it('several that together pass the gross: the last ones are cut, the line never goes below 0', () => {
    const result = applyConcessions(1_000, [
      percent(6_000, 'a'),
      percent(6_000, 'b'),
      fixed(300, 'c'),
      fixed(900, 'd'),
    ])
    expect(result.ok && result.applied.map((a) => [a.concession.id, a.amount])).toEqual([
      ['c', 300],
      ['d', 700],
      ['a', 0],
      ['b', 0],
    ])
    expect(total(1_000, [percent(6_000), percent(5_000)])).toBe(1_000)
  })

  it('never more than the gross nor negative, for any concessions', () => {
    const concessionArb = fc.oneof(
      fc.integer({ min: 0, max: 10_000 }).map((bp) => percent(bp)),
      fc.integer({ min: 0, max: 1_000_000_000_000 }).map((a) => fixed(a)),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.array(concessionArb, { maxLength: 5 }),
        (gross, concessions) => {
          const result = applyConcessions(gross, concessions)
          expect(result.ok).toBe(true)
          if (!result.ok) return
          expect(result.total).toBeGreaterThanOrEqual(0)
          expect(result.total).toBeLessThanOrEqual(gross)
          expect(result.applied.reduce((s, a) => s + a.amount, 0)).toBe(result.total)
          expect(result.applied.every((a) => a.amount >= 0)).toBe(true)
        },
      ),
    )
  })
})

describe('a fixed all-heads concession shared across lines', () => {
  it('in proportion to the lines, the leftover units to the largest remainders', () => {
    // 100 over 3 equal lines: 33.33 each, the leftover unit to the first.
    expect(allocateFixed(100, [300, 300, 300])).toEqual([34, 33, 33])
    // 1,000 over 5,000 / 3,000 / 2,000: exact.
    expect(allocateFixed(1_000, [5_000, 3_000, 2_000])).toEqual([500, 300, 200])
    // 10 over 1 / 2 / 7 of 10: 1, 2, 7; and 5 over them: 0.5 → 1, 1, 3.5 → 3 (ties to the earlier).
    expect(allocateFixed(5, [1, 2, 7])).toEqual([1, 1, 3])
    expect(allocateFixed(1, [0, 5, 5])).toEqual([0, 1, 0])
  })

  it('cut to the lines’ total; nothing to share on nothing', () => {
    expect(allocateFixed(5_000, [1_000, 2_000])).toEqual([1_000, 2_000])
    expect(allocateFixed(500, [0, 0])).toEqual([0, 0])
    expect(allocateFixed(500, [])).toEqual([])
  })

  it('exact with amounts whose products pass the safe integers', () => {
    const lines = [999_999_999_999, 999_999_999_998, 3]
    const parts = allocateFixed(999_999_999_999, lines)
    expect(parts.reduce((s, p) => s + p, 0)).toBe(999_999_999_999)
    // Shares 499,999,999,999.0000000000005 / 499,999,999,998.5 / 1.4999999999985.
    expect(parts).toEqual([499_999_999_999, 499_999_999_999, 1])
  })

  it('the parts sum exactly to the concession, none exceeds its line, every net stays ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, lines) => {
          const parts = allocateFixed(amount, lines)
          const whole = lines.reduce((s, l) => s + l, 0)
          const unit = BigInt(Math.max(whole, 1))
          expect(parts.reduce((s, p) => s + p, 0)).toBe(Math.min(amount, whole))
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0)
            expect(p).toBeLessThanOrEqual(lines[i]!)
            // Within one unit of the exact proportional share (in BigInt: the products are large).
            const off =
              BigInt(p) * BigInt(whole) - BigInt(Math.min(amount, whole)) * BigInt(lines[i]!)
            expect(off < unit && off > -unit).toBe(true)
          })
        },
      ),
    )
  })
})
