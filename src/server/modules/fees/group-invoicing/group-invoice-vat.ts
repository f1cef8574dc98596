import { and, eq, inArray } from 'drizzle-orm'
import { vatRateOn } from '../../../../shared/fees/vat.ts'
import type { GroupInvoicePreview } from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { vatRates } from '../../../db/schema/fee-setup.ts'
import type { PlannedInvoice } from '../invoices/invoice-plan.ts'
import type { ResolvedScope } from './group-invoice-plan.ts'

/*
 * The VAT side of a group run's preview: the VAT each head adds, and the heads whose VAT rate
 * is not yet in force on a period's issue date (a rate saved "from today" in December charges
 * nothing on November's invoices: the preview says so before the run, not a footnote after).
 */

type VatPreview = Pick<GroupInvoicePreview, 'vat' | 'vatNotInForce'>

export async function previewVat(
  db: Db,
  instituteId: string,
  { heads, periods }: ResolvedScope,
  planned: PlannedInvoice[],
): Promise<VatPreview> {
  const headIds = heads.map((h) => h.id)
  const rates = headIds.length
    ? await db
        .select()
        .from(vatRates)
        .where(and(eq(vatRates.instituteId, instituteId), inArray(vatRates.feeHeadId, headIds)))
    : []
  const vat: VatPreview['vat'] = []
  const vatNotInForce: VatPreview['vatNotInForce'] = []
  for (const head of heads) {
    const history = rates.filter((r) => r.feeHeadId === head.id)
    let vatMinor = 0
    const rateBps = new Set<number>()
    for (const invoice of planned) {
      for (const line of invoice.lines) {
        if (line.feeHeadId !== head.id) continue
        vatMinor += line.vat
        if (line.vat > 0 || line.vatRateBp > 0) rateBps.add(line.vatRateBp)
      }
    }
    if (history.length > 0 || vatMinor > 0) {
      vat.push({
        feeHeadId: head.id,
        feeHeadName: head.name,
        vatMinor,
        rateBps: [...rateBps].sort((a, b) => a - b),
      })
    }
    const issueDates = [...new Set(periods.map((p) => p.issueDate))].sort()
    for (const issueDate of issueDates) {
      if (vatRateOn(history, issueDate) !== null) continue
      const next = history
        .filter((r) => r.effectiveFrom > issueDate)
        .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1))[0]
      if (next) {
        vatNotInForce.push({
          feeHeadId: head.id,
          feeHeadName: head.name,
          issueDate,
          rateBp: next.rateBp,
          effectiveFrom: next.effectiveFrom,
        })
      }
    }
  }
  return { vat, vatNotInForce }
}
