import type { MappingPurpose } from '../../../shared/schemas/accounting.ts'
import type { PostingLine } from '../accounting/posting.ts'
import type { IntentRow } from './verified-posting.ts'

/**
 * What an online payment is charged beside its receipt: the surcharge the payer paid on top
 * (Dr gateway clearing, Cr surcharge income) and the platform's share (Dr franchise fees, Cr
 * franchise fees payable); `undone`, the same lines the other way round (a refund).
 */
export function chargeLines(intent: IntentRow, { undone = false } = {}): PostingLine[] {
  const memo = intent.reference
  const pair = (debit: MappingPurpose, credit: MappingPurpose, minor: number): PostingLine[] =>
    undone
      ? [
          { purpose: credit, debit: minor, memo },
          { purpose: debit, credit: minor, memo },
        ]
      : [
          { purpose: debit, debit: minor, memo },
          { purpose: credit, credit: minor, memo },
        ]
  return [
    ...(intent.surchargeMinor > 0
      ? pair('gateway_clearing', 'online_charge_income', intent.surchargeMinor)
      : []),
    ...(intent.franchiseMinor > 0
      ? pair('franchise_expense', 'franchise_payable', intent.franchiseMinor)
      : []),
  ]
}
