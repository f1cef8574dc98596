import type { VatRateRow } from '../../../../shared/schemas/fee-heads.ts'
import type { vatRates } from '../../../db/schema/fee-setup.ts'

type VatRow = typeof vatRates.$inferSelect

/** A stored rate as the API gives it (the VAT page and the fee-head list). */
export const presentVatRate = (row: VatRow): VatRateRow => ({
  id: row.id,
  feeHeadId: row.feeHeadId,
  rateBp: row.rateBp,
  inclusive: row.inclusive,
  effectiveFrom: row.effectiveFrom,
})
