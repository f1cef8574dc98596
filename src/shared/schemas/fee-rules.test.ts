import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ConcessionTermsSchema, FineRuleInputSchema, VatRateInputSchema } from './fee-rules.ts'
import { issuesToDetails } from './issues.ts'

/** The codes a schema refuses an input with, by field: what the API's 422 names. */
const refusals = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  if (result.success) return {}
  const fields = Object.entries(issuesToDetails(result.issues))
  return Object.fromEntries(fields.map(([field, details]) => [field, details.map((d) => d.code)]))
}

const fineRule = {
  feeHeadId: null,
  effectiveFrom: '2026-07-01',
  effectiveTo: null,
  graceDays: 5,
  charge: {
    kind: 'slabs',
    slabs: [
      { fromDay: 1, amount: 50 },
      { fromDay: 11, amount: 100 },
    ],
  },
  lineCap: null,
  periodCap: 1_000,
}

describe('the fee rules’ shapes', () => {
  it('take a well-formed fine rule', () => {
    expect(refusals(FineRuleInputSchema, fineRule)).toEqual({})
  })

  it('refuse slabs that do not start at day 1, go back in days or down in amount', () => {
    const slabs = (s: { fromDay: number; amount: number }[]) =>
      refusals(FineRuleInputSchema, { ...fineRule, charge: { kind: 'slabs', slabs: s } })
    expect(slabs([{ fromDay: 2, amount: 50 }])).toEqual({
      'charge.slabs': ['fine_slabs_start'],
    })
    expect(slabs([])).toEqual({ 'charge.slabs': ['fine_slabs_required'] })
    const down = [
      { fromDay: 1, amount: 100 },
      { fromDay: 11, amount: 50 },
    ]
    expect(slabs(down)).toEqual({ 'charge.slabs': ['fine_slabs_order'] })
    const sameDay = [
      { fromDay: 1, amount: 50 },
      { fromDay: 1, amount: 60 },
    ]
    expect(slabs(sameDay)).toEqual({ 'charge.slabs': ['fine_slabs_order'] })
  })

  it('refuse a rule that ends before it starts, odd grace, unknown kinds and fractional money', () => {
    expect(refusals(FineRuleInputSchema, { ...fineRule, effectiveTo: '2026-06-30' })).toEqual({
      effectiveTo: ['end_before_start'],
    })
    expect(refusals(FineRuleInputSchema, { ...fineRule, graceDays: 2.5 })).toEqual({
      graceDays: ['grace_days_range'],
    })
    expect(
      refusals(FineRuleInputSchema, { ...fineRule, charge: { kind: 'weekly', amount: 5 } }),
    ).toEqual({
      'charge.kind': ['fine_kind_required'],
    })
    expect(
      refusals(FineRuleInputSchema, { ...fineRule, charge: { kind: 'per_day', amount: 1.5 } }),
    ).toEqual({
      'charge.amount': ['amount_fraction'],
    })
    expect(
      refusals(FineRuleInputSchema, { ...fineRule, charge: { kind: 'percent', rateBp: 10_001 } }),
    ).toEqual({
      'charge.rateBp': ['percent_over_100'],
    })
  })

  it('refuse a concession over 100 % and a VAT rate that is not whole basis points', () => {
    expect(refusals(ConcessionTermsSchema, { kind: 'percent', rateBp: 10_001 })).toEqual({
      rateBp: ['concession_over_100'],
    })
    expect(refusals(ConcessionTermsSchema, { kind: 'fixed', amount: -1 })).toEqual({
      amount: ['amount_negative'],
    })
    expect(
      refusals(VatRateInputSchema, {
        rateBp: 1_500.5,
        inclusive: false,
        effectiveFrom: '2026-07-01',
      }),
    ).toEqual({
      rateBp: ['rate_fraction'],
    })
  })
})
