import type { FineRule } from './fine.ts'
import { dateOfDay, dayNumber } from './days.ts'

/**
 * Why an unpaid line is not fined, in terms a person can act on: a rule for its head (or for all
 * heads) exists but covers lines due from a later day, or ended before the line fell due; or no
 * rule names its head at all. Asked only of lines fineRuleFor found no rule for.
 */
export type NoFineRuleReason =
  | { kind: 'due_before_rule'; ruleFrom: string }
  | { kind: 'due_after_rule'; ruleTo: string }
  | { kind: 'no_rule' }

export function whyNoFineRule(
  rules: readonly FineRule[],
  feeHeadId: string,
  dueDate: string,
): NoFineRuleReason {
  const candidates = rules.filter((r) => r.feeHeadId === feeHeadId || r.feeHeadId === null)
  // The head's own rules speak first, as they would win if they applied.
  const own = candidates.filter((r) => r.feeHeadId === feeHeadId)
  const pool = own.length > 0 ? own : candidates
  const later = pool.filter((r) => r.effectiveFrom > dueDate)
  if (later.length > 0) {
    const ruleFrom = later.reduce(
      (a, r) => (r.effectiveFrom < a ? r.effectiveFrom : a),
      '9999-12-31',
    )
    return { kind: 'due_before_rule', ruleFrom }
  }
  const ended = pool.filter((r) => r.effectiveTo !== null && r.effectiveTo < dueDate)
  if (ended.length > 0) {
    const ruleTo = ended.reduce((a, r) => (r.effectiveTo! > a ? r.effectiveTo! : a), '0000-01-01')
    return { kind: 'due_after_rule', ruleTo }
  }
  return { kind: 'no_rule' }
}

/** The last day of a line's grace under a rule: it is fined from the day after. */
export const graceEndOf = (dueDate: string, graceDays: number) =>
  dateOfDay(dayNumber(dueDate) + graceDays)
