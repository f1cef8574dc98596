import type { FineCharge, FineRuleRow } from '../../../../shared/schemas/fee-rules.ts'
import type { fineRules } from '../../../db/schema/fee-rules.ts'

type FineRow = typeof fineRules.$inferSelect

function chargeOf(row: FineRow): FineCharge {
  switch (row.kind) {
    case 'percent':
      return { kind: 'percent', rateBp: row.rateBp ?? 0 }
    case 'slabs':
      return { kind: 'slabs', slabs: row.slabs ?? [] }
    default:
      return { kind: row.kind, amount: row.amountMinor ?? 0 }
  }
}

/** A stored rule as the fine computation (and the API) take it. */
export const presentFineRule = (row: FineRow): FineRuleRow => ({
  id: row.id,
  feeHeadId: row.feeHeadId,
  effectiveFrom: row.effectiveFrom,
  effectiveTo: row.effectiveTo,
  graceDays: row.graceDays,
  charge: chargeOf(row),
  lineCap: row.capPerLineMinor,
  periodCap: row.capPerPeriodMinor,
})
