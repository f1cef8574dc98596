import { describe, expect, it } from 'vitest'
import { addMonths, periodLabel, planPeriods } from './periods.ts'

describe('planPeriods', () => {
  const session = { name: '2026–2027', startsOn: '2026-07-01', endsOn: '2027-06-30' }

  it('makes twelve months July to June, named in the language asked', () => {
    const months = planPeriods(session, 'monthly', 'en')
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({
      name: 'July 2026',
      sequence: 1,
      startsOn: '2026-07-01',
      endsOn: '2026-07-31',
      issueDate: '2026-07-01',
      dueDate: '2026-07-10',
    })
    expect(months[7]).toMatchObject({ name: 'February 2027', endsOn: '2027-02-28' })
    expect(months[11]).toMatchObject({ name: 'June 2027', endsOn: '2027-06-30' })
    expect(planPeriods(session, 'monthly', 'de')[0]!.name).toBe('Juli 2026')
  })

  it('covers the session without gaps or overlaps, whatever the frequency', () => {
    const odd = { name: 'Short', startsOn: '2026-01-15', endsOn: '2026-11-20' }
    for (const frequency of ['monthly', 'quarterly', 'half_yearly', 'yearly', 'custom'] as const) {
      const plans = planPeriods(odd, frequency, 'en', 30)
      expect(plans[0]!.startsOn).toBe(odd.startsOn)
      expect(plans.at(-1)!.endsOn).toBe(odd.endsOn)
      for (const [i, plan] of plans.entries()) {
        expect(plan.endsOn >= plan.startsOn).toBe(true)
        expect(plan.dueDate <= plan.endsOn && plan.dueDate >= plan.issueDate).toBe(true)
        if (i > 0) expect(plans[i - 1]!.endsOn < plan.startsOn).toBe(true)
      }
    }
    expect(planPeriods(odd, 'quarterly', 'en').map((p) => p.endsOn)).toEqual([
      '2026-04-14',
      '2026-07-14',
      '2026-10-14',
      '2026-11-20',
    ])
    expect(planPeriods(odd, 'yearly', 'en')).toMatchObject([{ name: 'Short' }])
  })

  it('keeps the day of the month, or the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15')
  })
})

describe('periodLabel', () => {
  const session = { name: '2026–27', startsOn: '2026-07-01', endsOn: '2027-06-30' }

  it('writes a generated month name again in the reader’s language, with its digits', () => {
    const december = planPeriods(session, 'monthly', 'en')[5]!.name
    expect(december).toBe('December 2026')
    expect(periodLabel(december, 'de')).toBe('Dezember 2026')
    expect(periodLabel(december, 'fr')).toBe('décembre 2026')
    expect(periodLabel(december, 'bn')).toBe('ডিসেম্বর ২০২৬')
    expect(periodLabel(december, 'en')).toBe('December 2026')
    // Generated in Bangla, read in English.
    expect(periodLabel(planPeriods(session, 'monthly', 'bn')[5]!.name, 'en')).toBe('December 2026')
  })

  it('writes a generated run of months again, across a year’s end too', () => {
    const [first, , third] = planPeriods(session, 'quarterly', 'en')
    expect(periodLabel(first!.name, 'de')).toBe(planPeriods(session, 'quarterly', 'de')[0]!.name)
    expect(periodLabel(third!.name, 'pt')).toBe(planPeriods(session, 'quarterly', 'pt')[2]!.name)
    const crossing = { name: 'x', startsOn: '2026-11-01', endsOn: '2027-04-30' }
    const [winter] = planPeriods(crossing, 'quarterly', 'fr')
    expect(periodLabel(winter!.name, 'bn')).toBe(planPeriods(crossing, 'quarterly', 'bn')[0]!.name)
  })

  it('keeps a name given by hand as it is', () => {
    expect(periodLabel('Term 1', 'de')).toBe('Term 1')
    expect(periodLabel('Winter 2026', 'de')).toBe('Winter 2026')
    expect(periodLabel('2026–27', 'bn')).toBe('2026–27')
  })
})
