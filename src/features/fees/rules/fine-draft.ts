import type { useMoney } from '../../../lib/use-money.ts'
import type { FineCharge, FineKind, FineRuleRow } from '../../../shared/schemas/fee-rules.ts'
import { parsePercent, percentInput } from '../../../lib/rate-text.ts'

/** A fine rule as typed: every figure still text in the user's language. */
export interface FineDraft {
  feeHeadId: string
  graceDays: string
  kind: FineKind
  amount: string
  rate: string
  slabs: { fromDay: string; amount: string }[]
  lineCap: string
  periodCap: string
  effectiveFrom: string
  effectiveTo: string
}

type Money = ReturnType<typeof useMoney>

/** A new rule, for lines due from `defaultFrom` (the server's: the earliest open day). */
export const emptyFineDraft = (defaultFrom: string): FineDraft => ({
  feeHeadId: '',
  graceDays: '0',
  kind: 'per_day',
  amount: '',
  rate: '',
  slabs: [{ fromDay: '1', amount: '' }],
  lineCap: '',
  periodCap: '',
  effectiveFrom: defaultFrom,
  effectiveTo: '',
})

/** A saved rule back into the form, in the user's number format. */
export function fineDraftOf(rule: FineRuleRow, money: Money): FineDraft {
  const c = rule.charge
  return {
    feeHeadId: rule.feeHeadId ?? '',
    graceDays: String(rule.graceDays),
    kind: c.kind,
    amount: 'amount' in c ? money.toInput(c.amount) : '',
    rate: c.kind === 'percent' ? percentInput(c.rateBp, money.decimal) : '',
    slabs:
      c.kind === 'slabs'
        ? c.slabs.map((s) => ({ fromDay: String(s.fromDay), amount: money.toInput(s.amount) }))
        : [{ fromDay: '1', amount: '' }],
    lineCap: rule.lineCap === null ? '' : money.toInput(rule.lineCap),
    periodCap: rule.periodCap === null ? '' : money.toInput(rule.periodCap),
    effectiveFrom: rule.effectiveFrom,
    effectiveTo: rule.effectiveTo ?? '',
  }
}

/** The rule the draft stands for, unvalidated: what cannot be read becomes NaN for the schema. */
export function fineRuleCandidate(draft: FineDraft, money: Money) {
  const amountOf = (text: string) => money.parse(text) ?? Number.NaN
  const capOf = (text: string) => (text.trim() === '' ? null : amountOf(text))
  const charge = (): FineCharge => {
    switch (draft.kind) {
      case 'percent':
        return { kind: 'percent', rateBp: parsePercent(draft.rate, money.decimal) ?? Number.NaN }
      case 'slabs':
        return {
          kind: 'slabs',
          slabs: draft.slabs.map((s) => ({
            fromDay: Number(s.fromDay),
            amount: amountOf(s.amount),
          })),
        }
      default:
        return { kind: draft.kind, amount: amountOf(draft.amount) }
    }
  }
  return {
    feeHeadId: draft.feeHeadId || null,
    effectiveFrom: draft.effectiveFrom,
    effectiveTo: draft.effectiveTo || null,
    graceDays: draft.graceDays.trim() === '' ? Number.NaN : Number(draft.graceDays),
    charge: charge(),
    lineCap: capOf(draft.lineCap),
    periodCap: capOf(draft.periodCap),
  }
}
