import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FineCharge } from '../schemas/fee-rules.ts'
import { dateOfDay, dayNumber } from './days.ts'
import { fineAsOf, finesOfPeriod, type FineLine, type FineRule } from './fine.ts'

// Due 10 July with 5 days of grace: 15 July is the last day of grace, 16 July day 1 late.
const due = '2026-07-10'
const day = (offset: number) => dateOfDay(dayNumber(due) + offset)
const lateDay = (n: number) => day(5 + n)

const rule = (charge: FineCharge, extra: Partial<FineRule> = {}): FineRule => ({
  id: 'all-heads',
  feeHeadId: null,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  graceDays: 5,
  charge,
  lineCap: null,
  periodCap: null,
  ...extra,
})
const line = (extra: Partial<FineLine> = {}): FineLine => ({
  id: 'line',
  feeHeadId: 'tuition',
  dueDate: due,
  amount: 100_000,
  payments: [],
  ...extra,
})
const fine = (charge: FineCharge, asOf: string, extra: Partial<FineLine> = {}) =>
  fineAsOf(line(extra), [rule(charge)], asOf).amount

describe('a fine of each kind', () => {
  it('fixed once: nothing through the last day of grace, the amount from day 1 late on', () => {
    const fixed = { kind: 'fixed_once', amount: 500 } as const
    expect(fine(fixed, due)).toBe(0)
    expect(fine(fixed, lateDay(0))).toBe(0)
    expect(fine(fixed, lateDay(1))).toBe(500)
    expect(fine(fixed, '2027-06-30')).toBe(500)
  })

  it('per day: the amount for each day late', () => {
    const perDay = { kind: 'per_day', amount: 100 } as const
    expect(fine(perDay, lateDay(1))).toBe(100)
    expect(fine(perDay, lateDay(10))).toBe(1_000)
    expect(fineAsOf(line(), [rule(perDay)], lateDay(10)).lateDays).toBe(10)
  })

  it('per week counts started weeks: days 1–7 are one week, day 8 starts the second', () => {
    const perWeek = { kind: 'per_week', amount: 700 } as const
    expect(fine(perWeek, lateDay(1))).toBe(700)
    expect(fine(perWeek, lateDay(7))).toBe(700)
    expect(fine(perWeek, lateDay(8))).toBe(1_400)
    expect(fine(perWeek, lateDay(14))).toBe(1_400)
    expect(fine(perWeek, lateDay(15))).toBe(2_100)
  })

  it('percent: once, of what is unpaid at the end of grace, rounded half-up', () => {
    const percent = { kind: 'percent', rateBp: 250 } as const
    expect(fine(percent, lateDay(0))).toBe(0)
    expect(fine(percent, lateDay(1))).toBe(2_500)
    expect(fine(percent, lateDay(90))).toBe(2_500)
    // 40,000 paid on the last day of grace: 2.5 % of the 60,000 left.
    const inGrace = { payments: [{ date: lateDay(0), amount: 40_000 }] }
    expect(fine(percent, lateDay(1), inGrace)).toBe(1_500)
    // Paid after grace: the fine was already due on the whole amount and stays.
    const afterGrace = { payments: [{ date: lateDay(1), amount: 40_000 }] }
    expect(fine(percent, lateDay(2), afterGrace)).toBe(2_500)
    // 1 minor unit at 50 %: a tie, up; at 49.99 %: down.
    expect(fine({ kind: 'percent', rateBp: 5_000 }, lateDay(1), { amount: 1 })).toBe(1)
    expect(fine({ kind: 'percent', rateBp: 4_999 }, lateDay(1), { amount: 1 })).toBe(0)
  })

  it('slabs charge the slab the line is in, changing on the slabs’ first days', () => {
    const slabs: FineCharge = {
      kind: 'slabs',
      slabs: [
        { fromDay: 1, amount: 50 },
        { fromDay: 11, amount: 100 },
        { fromDay: 31, amount: 200 },
      ],
    }
    expect(fine(slabs, lateDay(0))).toBe(0)
    expect(fine(slabs, lateDay(1))).toBe(50)
    expect(fine(slabs, lateDay(10))).toBe(50)
    expect(fine(slabs, lateDay(11))).toBe(100)
    expect(fine(slabs, lateDay(30))).toBe(100)
    expect(fine(slabs, lateDay(31))).toBe(200)
    expect(fine(slabs, lateDay(3_000))).toBe(200)
  })
})

describe('payments and the fine', () => {
  const perDay = { kind: 'per_day', amount: 100 } as const

  it('a line paid in full by the last day of grace owes nothing, whenever asked', () => {
    const onTime = { payments: [{ date: lateDay(0), amount: 100_000 }] }
    expect(fine(perDay, '2028-01-01', onTime)).toBe(0)
    const early = { payments: [{ date: day(-30), amount: 100_000 }] }
    expect(fine(perDay, '2028-01-01', early)).toBe(0)
  })

  it('late days stop on the day the line is paid in full (that day counted)', () => {
    const parts = {
      payments: [
        { date: lateDay(3), amount: 70_000 },
        { date: lateDay(0), amount: 20_000 },
        { date: lateDay(6), amount: 10_000 },
      ],
    }
    expect(fine(perDay, lateDay(2), parts)).toBe(200)
    expect(fine(perDay, lateDay(6), parts)).toBe(600)
    expect(fine(perDay, '2028-01-01', parts)).toBe(600)
  })

  it('payments dated after the day asked about do not count yet', () => {
    const later = { payments: [{ date: lateDay(20), amount: 100_000 }] }
    expect(fine(perDay, lateDay(4), later)).toBe(400)
    expect(fine({ kind: 'percent', rateBp: 100 }, lateDay(4), later)).toBe(1_000)
  })

  it('a line that asks nothing (a full concession) is never fined', () => {
    expect(fine(perDay, lateDay(40), { amount: 0 })).toBe(0)
  })
})

describe('which rule applies', () => {
  const general = rule({ kind: 'fixed_once', amount: 100 })
  const tuition = rule({ kind: 'fixed_once', amount: 200 }, { id: 'tuition', feeHeadId: 'tuition' })

  it('the fee head’s own rule before the all-heads one', () => {
    expect(fineAsOf(line(), [general, tuition], lateDay(1)).amount).toBe(200)
    expect(fineAsOf(line({ feeHeadId: 'exam' }), [general, tuition], lateDay(1)).amount).toBe(100)
  })

  it('the rule in force on the due date (both ends inclusive), not on the day asked', () => {
    const old = { ...tuition, effectiveTo: due }
    const next = { ...tuition, id: 'next', effectiveFrom: day(1), charge: fixed(300) }
    expect(fineAsOf(line(), [old, next], lateDay(1)).rule?.id).toBe('tuition')
    expect(fineAsOf(line({ dueDate: day(1) }), [old, next], lateDay(9)).rule?.id).toBe('next')
    const later = { ...tuition, effectiveFrom: day(1) }
    expect(fineAsOf(line(), [later], lateDay(30))).toMatchObject({ amount: 0, rule: null })
  })

  it('of two overlapping rules, the one in force from the later day', () => {
    const newer = { ...tuition, id: 'newer', effectiveFrom: '2026-03-01' }
    expect(fineAsOf(line(), [newer, tuition], lateDay(1)).rule?.id).toBe('newer')
    expect(fineAsOf(line(), [tuition, newer], lateDay(1)).rule?.id).toBe('newer')
  })
})

const fixed = (amount: number) => ({ kind: 'fixed_once', amount }) as const

describe('caps', () => {
  const perDay = { kind: 'per_day', amount: 100 } as const

  it('a line cap stops the fine at the cap, and says so only when it cut something', () => {
    const capped = [rule(perDay, { lineCap: 550 })]
    expect(fineAsOf(line(), capped, lateDay(5))).toMatchObject({ amount: 500, cappedBy: null })
    expect(fineAsOf(line(), capped, lateDay(6))).toMatchObject({
      amount: 550,
      uncapped: 600,
      cappedBy: 'line',
    })
    const exact = [rule(perDay, { lineCap: 500 })]
    expect(fineAsOf(line(), exact, lateDay(5))).toMatchObject({ amount: 500, cappedBy: null })
    expect(fineAsOf(line(), [rule(perDay, { lineCap: 0 })], lateDay(5)).amount).toBe(0)
  })

  it('a period cap is filled in the order the fines arose, then in the lines’ order', () => {
    const rules = [rule(perDay, { periodCap: 1_100 })]
    const a = line({ id: 'a' })
    const b = line({ id: 'b', feeHeadId: 'transport' })
    const amounts = (asOf: string, lines = [a, b]) =>
      finesOfPeriod(lines, rules, asOf).map((f) => [f.lineId, f.amount, f.cappedBy])
    expect(amounts(lateDay(5))).toEqual([
      ['a', 500, null],
      ['b', 500, null],
    ])
    // Day 6 brings 200 more, 100 of which fit: the first line given takes them.
    expect(amounts(lateDay(6))).toEqual([
      ['a', 600, null],
      ['b', 500, 'period'],
    ])
    expect(amounts(lateDay(60))).toEqual([
      ['a', 600, 'period'],
      ['b', 500, 'period'],
    ])
    // A line late a month earlier had taken the cap before the other was late at all.
    const early = line({ id: 'early', dueDate: day(-31) })
    expect(amounts(lateDay(20), [a, early])).toEqual([
      ['a', 0, 'period'],
      ['early', 1_100, 'period'],
    ])
  })

  it('lines under different rules do not share a cap', () => {
    const rules = [
      rule(perDay, { periodCap: 300 }),
      rule(perDay, { id: 'exam', feeHeadId: 'exam', periodCap: 300 }),
    ]
    const fines = finesOfPeriod(
      [line(), line({ id: 'exam', feeHeadId: 'exam' })],
      rules,
      lateDay(9),
    )
    expect(fines.map((f) => f.amount)).toEqual([300, 300])
  })

  it('both caps together: the line cap first, then the period cap', () => {
    const rules = [rule(perDay, { lineCap: 250, periodCap: 450 })]
    const fines = finesOfPeriod([line({ id: 'a' }), line({ id: 'b' })], rules, lateDay(9))
    expect(fines.map((f) => [f.amount, f.uncapped, f.cappedBy])).toEqual([
      [250, 900, 'line'],
      [200, 900, 'period'],
    ])
  })
})

describe('currencies with 0 and 3 decimals', () => {
  // Amounts are minor units either way; what one minor unit of rounding is worth differs.
  const percent = { kind: 'percent', rateBp: 150 } as const

  it('JPY (0 decimals): 1.5 % of ¥333 is ¥4.995, charged ¥5', () => {
    expect(fine(percent, lateDay(1), { amount: 333 })).toBe(5)
    expect(fine({ kind: 'percent', rateBp: 50 }, lateDay(1), { amount: 101 })).toBe(1)
  })

  it('KWD (3 decimals): 1.5 % of 12.345 KWD is 0.185175, charged 0.185', () => {
    expect(fine(percent, lateDay(1), { amount: 12_345 })).toBe(185)
    // 0.5 % of 10.100 KWD is 0.0505: a tie in fils, up to 0.051.
    expect(fine({ kind: 'percent', rateBp: 50 }, lateDay(1), { amount: 10_100 })).toBe(51)
  })

  it('exact near the largest amount a line may carry', () => {
    const big = { amount: 999_999_999_999 }
    expect(fine({ kind: 'percent', rateBp: 9_999 }, lateDay(1), big)).toBe(999_899_999_999)
    expect(fine({ kind: 'percent', rateBp: 10_000 }, lateDay(1), big)).toBe(999_999_999_999)
  })
})

// Properties over random rules, lines, payments and days, all around one due date.
const money = fc.integer({ min: 0, max: 1_000_000_000 })
const chargeArb: fc.Arbitrary<FineCharge> = fc.oneof(
  money.map((amount) => ({ kind: 'fixed_once', amount }) as const),
  money.map((amount) => ({ kind: 'per_day', amount }) as const),
  money.map((amount) => ({ kind: 'per_week', amount }) as const),
  fc.integer({ min: 0, max: 10_000 }).map((rateBp) => ({ kind: 'percent', rateBp }) as const),
  fc
    .array(fc.record({ gap: fc.integer({ min: 1, max: 40 }), rise: money }), {
      minLength: 1,
      maxLength: 5,
    })
    .map((steps) => {
      let fromDay = 1
      let amount = 0
      const slabs = steps.map((s, i) => {
        fromDay += i === 0 ? 0 : s.gap
        amount += s.rise
        return { fromDay, amount }
      })
      return { kind: 'slabs', slabs } as const
    }),
)
const ruleArb = fc.record({
  charge: chargeArb,
  graceDays: fc.integer({ min: 0, max: 30 }),
  lineCap: fc.option(money, { nil: null }),
  periodCap: fc.option(money, { nil: null }),
})
const lineArb = (id: string) =>
  fc
    .record({
      dueOffset: fc.integer({ min: -60, max: 60 }),
      amount: money,
      payments: fc.array(fc.record({ offset: fc.integer({ min: -30, max: 200 }), amount: money }), {
        maxLength: 4,
      }),
    })
    .map(({ dueOffset, amount, payments }): FineLine => ({
      id,
      feeHeadId: 'tuition',
      dueDate: day(dueOffset),
      amount,
      payments: payments.map((p) => ({ date: day(p.offset), amount: p.amount })),
    }))
const asOfArb = fc.integer({ min: -90, max: 400 })
const asRule = (r: Omit<FineRule, 'id' | 'feeHeadId' | 'effectiveFrom' | 'effectiveTo'>) =>
  rule(r.charge, r)

describe('fine properties', () => {
  it('never negative, a whole number, never above the line cap', () => {
    fc.assert(
      fc.property(ruleArb, lineArb('l'), asOfArb, (r, l, asOf) => {
        const { amount } = fineAsOf(l, [asRule(r)], day(asOf))
        expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true)
        if (r.lineCap !== null) expect(amount).toBeLessThanOrEqual(r.lineCap)
      }),
    )
  })

  it('never falls as the day asked about moves on', () => {
    fc.assert(
      fc.property(ruleArb, lineArb('l'), asOfArb, asOfArb, (r, l, d1, d2) => {
        const [early, late] = d1 <= d2 ? [d1, d2] : [d2, d1]
        const rules = [asRule(r)]
        expect(fineAsOf(l, rules, day(early)).amount).toBeLessThanOrEqual(
          fineAsOf(l, rules, day(late)).amount,
        )
      }),
    )
  })

  it('zero within grace, and zero for good once paid in full by the end of grace', () => {
    fc.assert(
      fc.property(ruleArb, lineArb('l'), asOfArb, (r, l, asOf) => {
        const rules = [asRule(r)]
        const graceEnd = dayNumber(l.dueDate) + r.graceDays
        const withinGrace = dateOfDay(graceEnd - Math.abs(asOf % 40))
        expect(fineAsOf(l, rules, withinGrace).amount).toBe(0)
        const paidOnTime = {
          ...l,
          payments: [...l.payments, { date: dateOfDay(graceEnd), amount: l.amount }],
        }
        expect(fineAsOf(paidOnTime, rules, day(asOf)).amount).toBe(0)
      }),
    )
  })

  it('over a period: each line’s fine never falls, the total stays within the period cap and fills it', () => {
    const linesArb = fc.tuple(lineArb('a'), lineArb('b'), lineArb('c'))
    fc.assert(
      fc.property(ruleArb, linesArb, asOfArb, asOfArb, (r, lines, d1, d2) => {
        const [early, late] = d1 <= d2 ? [d1, d2] : [d2, d1]
        const rules = [asRule(r)]
        const before = finesOfPeriod(lines, rules, day(early))
        const after = finesOfPeriod(lines, rules, day(late))
        after.forEach((f, i) => {
          expect(f.amount).toBeGreaterThanOrEqual(before[i]!.amount)
          expect(f.amount).toBeGreaterThanOrEqual(0)
          if (r.lineCap !== null) expect(f.amount).toBeLessThanOrEqual(r.lineCap)
        })
        const alone = lines.map((l) => fineAsOf(l, rules, day(late)).amount)
        const whole = alone.reduce((s, a) => s + a, 0)
        const total = after.reduce((s, f) => s + f.amount, 0)
        expect(total).toBe(r.periodCap === null ? whole : Math.min(whole, r.periodCap))
        after.forEach((f, i) => expect(f.amount).toBeLessThanOrEqual(alone[i]!))
      }),
    )
  })
})
