import type { FineCharge, FineRuleInput } from '../schemas/fee-rules.ts'
import { fullRateBp } from '../schemas/fee-rules.ts'
import { assertMinor, mulDivHalfUp } from './arithmetic.ts'
import { dayNumber } from './days.ts'

/*
 * Automatic late fees: the fine of an invoice line as of any day, a pure function of the line,
 * its payments and the fine rules. The server charges it, the collection screen previews it and
 * the reports total it, so all three agree to the minor unit.
 *
 * How a fine is counted (each choice is tested in fine.test.ts):
 * - The rule is the one in force on the line's due date (effectiveFrom ≤ due ≤ effectiveTo), a
 *   rule for the line's fee head before a rule for all heads; of two that overlap (the server
 *   refuses that) the one in force from the later day.
 * - Day 1 late is the day after due date + grace days: a line paid in full on or before that
 *   last day of grace owes nothing. Late days count up to the day the line is paid in full
 *   (that day included) or to the day asked about, whichever comes first; then the fine stands.
 * - A payment counts from its own date; payments dated after the day asked about do not count.
 * - The amount overdue is what is unpaid at the end of the last day of grace. Only the
 *   percentage needs it, and it is charged once, so paying later never lowers a fine.
 * - Per week counts started weeks: days 1–7 late are one week, day 8 starts the second.
 * - Slabs charge the amount of the slab the line is in (days 1–10: 50, 11–30: 100 → 100 on day
 *   15), not the sum of the slabs passed; their amounts never go down (FineSlabsSchema).
 * - Percentages round half-up to the minor unit, exactly (BigInt where a product is large).
 * - Caps: a line's fine is at most the rule's line cap; the fines a rule charges one student's
 *   lines of one period together are at most its period cap (finesOfPeriod).
 * So a fine is never negative, never falls as time passes, is zero within grace and never
 * exceeds its caps.
 */

export interface FineRule extends FineRuleInput {
  id: string
}

export interface Payment {
  date: string
  /** Minor units. */
  amount: number
}

/** One invoice line as the fine rules see it. */
export interface FineLine {
  id: string
  feeHeadId: string
  dueDate: string
  /** What the line asks to be paid, in minor units (its net: after concession, with VAT). */
  amount: number
  payments: readonly Payment[]
}

export interface Fine {
  lineId: string
  /** The fine, in minor units, after the caps. */
  amount: number
  /** The fine before any cap. */
  uncapped: number
  /** Which cap made the fine smaller, if one did. */
  cappedBy: 'line' | 'period' | null
  rule: FineRule | null
  lateDays: number
  /** Unpaid at the end of the last day of grace: the base of a percentage. */
  overdue: number
}

/** The rule in force for a line: its head's rule before the all-heads one, by the due date. */
export function fineRuleFor(
  rules: readonly FineRule[],
  feeHeadId: string,
  dueDate: string,
): FineRule | null {
  let own: FineRule | null = null
  let general: FineRule | null = null
  for (const rule of rules) {
    if (rule.effectiveFrom > dueDate) continue
    if (rule.effectiveTo !== null && rule.effectiveTo < dueDate) continue
    if (rule.feeHeadId === feeHeadId) {
      if (!own || rule.effectiveFrom > own.effectiveFrom) own = rule
    } else if (rule.feeHeadId === null) {
      if (!general || rule.effectiveFrom > general.effectiveFrom) general = rule
    }
  }
  return own ?? general
}

/** A line read once, so that its fine on any day is a few operations (finesOfPeriod asks often). */
interface Lateness {
  line: FineLine
  rule: FineRule | null
  /** The day number of the last day of grace. */
  graceEnd: number
  /** The day number the line was paid in full, Infinity while it is not. */
  settledOn: number
  overdue: number
}

function latenessOf(line: FineLine, rule: FineRule | null, asOfDay: number): Lateness {
  assertMinor(line.amount, 'A line amount')
  const graceEnd = rule ? dayNumber(line.dueDate) + rule.graceDays : 0
  let paidInGrace = 0
  let settledOn = Infinity
  if (rule && line.payments.length > 0) {
    const payments =
      line.payments.length === 1
        ? line.payments
        : [...line.payments].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    let paid = 0
    for (const payment of payments) {
      assertMinor(payment.amount, 'A payment')
      const day = dayNumber(payment.date)
      if (day > asOfDay) break
      paid += payment.amount
      if (day <= graceEnd) paidInGrace = paid
      if (paid >= line.amount) {
        settledOn = day
        break
      }
    }
  }
  return { line, rule, graceEnd, settledOn, overdue: Math.max(0, line.amount - paidInGrace) }
}

const lateDaysOn = (l: Lateness, day: number) =>
  l.overdue === 0 ? 0 : Math.max(0, Math.min(day, l.settledOn) - l.graceEnd)

/** amount × count, saturating far beyond any cap rather than losing exactness silently. */
const times = (amount: number, count: number) => Math.min(amount * count, Number.MAX_SAFE_INTEGER)

/** What the charge asks for a line `lateDays` late with `overdue` unpaid, before caps. */
function chargeFor(charge: FineCharge, lateDays: number, overdue: number): number {
  if (lateDays <= 0) return 0
  switch (charge.kind) {
    case 'fixed_once':
      return charge.amount
    case 'per_day':
      return times(charge.amount, lateDays)
    case 'per_week':
      return times(charge.amount, Math.ceil(lateDays / 7))
    case 'percent':
      return mulDivHalfUp(overdue, charge.rateBp, fullRateBp)
    case 'slabs': {
      let amount = 0
      for (const slab of charge.slabs) if (slab.fromDay <= lateDays) amount = slab.amount
      return amount
    }
  }
}

/** The fine on a day before the period cap: uncapped and after the line cap. */
function fineOn(l: Lateness, day: number): { uncapped: number; capped: number } {
  if (!l.rule) return { uncapped: 0, capped: 0 }
  const uncapped = chargeFor(l.rule.charge, lateDaysOn(l, day), l.overdue)
  const cap = l.rule.lineCap
  return { uncapped, capped: cap === null ? uncapped : Math.min(uncapped, cap) }
}

function fineOf(l: Lateness, asOfDay: number): Fine {
  const { uncapped, capped } = fineOn(l, asOfDay)
  return {
    lineId: l.line.id,
    amount: capped,
    uncapped,
    cappedBy: capped < uncapped ? 'line' : null,
    rule: l.rule,
    lateDays: l.rule ? lateDaysOn(l, asOfDay) : 0,
    overdue: l.overdue,
  }
}

/**
 * The fine of one line as of a day, with its line cap. A rule with a period cap needs the
 * period's other lines: use finesOfPeriod for those.
 */
export function fineAsOf(line: FineLine, rules: readonly FineRule[], asOf: string): Fine {
  const asOfDay = dayNumber(asOf)
  return fineOf(
    latenessOf(line, fineRuleFor(rules, line.feeHeadId, line.dueDate), asOfDay),
    asOfDay,
  )
}

/**
 * The fines of one student's lines of one period as of a day, with the line and period caps.
 *
 * A period cap is shared by the lines its rule fines, in the order the fines arose: day by
 * day, and on the day the cap is reached in the order the lines are given (pass them in the
 * fee heads' priority). A fine already charged is never taken back to make room for another,
 * so each line's fine, not only the total, never falls as time passes.
 */
export function finesOfPeriod(
  lines: readonly FineLine[],
  rules: readonly FineRule[],
  asOf: string,
): Fine[] {
  const asOfDay = dayNumber(asOf)
  const lateness = lines.map((line) =>
    latenessOf(line, fineRuleFor(rules, line.feeHeadId, line.dueDate), asOfDay),
  )
  const fines = lateness.map((l) => fineOf(l, asOfDay))
  const byRule = new Map<FineRule, number[]>()
  lateness.forEach((l, i) => {
    if (l.rule?.periodCap == null) return
    const group = byRule.get(l.rule) ?? []
    group.push(i)
    byRule.set(l.rule, group)
  })
  for (const [rule, indexes] of byRule) {
    const shared = indexes.map((i) => lateness[i]!)
    const shares = shareCap(shared, rule.periodCap!, asOfDay)
    indexes.forEach((i, k) => {
      const fine = fines[i]!
      const share = shares[k]!
      if (share < fine.amount) fines[i] = { ...fine, amount: share, cappedBy: 'period' }
    })
  }
  return fines
}

/** Each line's part of a shared cap as of a day, the cap taken in the order the fines arose. */
function shareCap(lines: readonly Lateness[], cap: number, asOfDay: number): number[] {
  const total = (day: number) => lines.reduce((sum, l) => sum + fineOn(l, day).capped, 0)
  if (total(asOfDay) <= cap) return lines.map((l) => fineOn(l, asOfDay).capped)
  // The first day the fines together pass the cap: the totals never fall, so bisect.
  let within = Math.min(...lines.map((l) => l.graceEnd)) // every fine is 0 on this day
  let over = asOfDay
  while (over - within > 1) {
    const mid = Math.floor((within + over) / 2)
    if (total(mid) > cap) over = mid
    else within = mid
  }
  // Up to the day before, every fine is whole; that day's increases fill the rest in order.
  let left = cap - total(within)
  return lines.map((l) => {
    const before = fineOn(l, within).capped
    const increase = Math.min(fineOn(l, over).capped - before, left)
    left -= increase
    return before + increase
  })
}
