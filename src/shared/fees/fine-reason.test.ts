import { describe, expect, it } from 'vitest'
import type { FineRule } from './fine.ts'
import { graceEndOf, whyNoFineRule } from './fine-reason.ts'

const rule = (extra: Partial<FineRule>): FineRule => ({
  id: 'rule',
  feeHeadId: 'tuition',
  effectiveFrom: '2026-12-01',
  effectiveTo: null,
  graceDays: 5,
  charge: { kind: 'per_day', amount: 100 },
  lineCap: null,
  periodCap: null,
  ...extra,
})

describe('why an unpaid line has no fine rule', () => {
  it('a rule for its head covers lines due from a later day: says from when', () => {
    expect(whyNoFineRule([rule({})], 'tuition', '2026-11-10')).toEqual({
      kind: 'due_before_rule',
      ruleFrom: '2026-12-01',
    })
  })

  it('the head’s rule ended before the line fell due: says until when', () => {
    const ended = rule({ effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30' })
    expect(whyNoFineRule([ended], 'tuition', '2026-07-10')).toEqual({
      kind: 'due_after_rule',
      ruleTo: '2026-06-30',
    })
  })

  it('an all-heads rule speaks for a head without its own; another head’s rule does not', () => {
    const all = rule({ feeHeadId: null, effectiveFrom: '2027-01-01' })
    expect(whyNoFineRule([all], 'exam', '2026-11-10')).toEqual({
      kind: 'due_before_rule',
      ruleFrom: '2027-01-01',
    })
    expect(whyNoFineRule([rule({})], 'exam', '2026-11-10')).toEqual({ kind: 'no_rule' })
  })

  it('the last day of grace is the due date plus the grace days', () => {
    expect(graceEndOf('2026-12-28', 5)).toBe('2027-01-02')
  })
})
