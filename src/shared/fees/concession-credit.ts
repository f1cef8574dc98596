import { mulDivHalfUp } from './arithmetic.ts'
import type { Concession, ConcessionRefusal } from './concession.ts'
import { computeInvoiceLine } from './invoice-line.ts'

/*
 * A concession approved after a line was invoiced is applied by a credit note. The line is
 * computed again by computeInvoiceLine — its gross, the concessions it already has (those of
 * the invoice, then those credited since, as the terms they were applied with) and the new one
 * last, with the VAT rate and mode stored on the line — and the credit is what that takes off
 * the line's figures as they stand:
 *   concession  the new total concession less the current one
 *   VAT         the current VAT less the new (the VAT of what the concessions leave, as invoicing)
 *   net         the current net less the new
 *   income      exclusive VAT: 0; inclusive VAT: the VAT given back (the gross holds less VAT)
 * posted as Dr Concessions (concession) + Dr VAT payable (VAT) = Cr Fee receivable (net)
 * + Cr income (income), which balances to the minor unit in both modes.
 * A line partly paid is credited at most what is still due: the net credit is cut to the due
 * and the VAT shares the cut in proportion (half-up), the concession taking the rest.
 */

export interface PostedLine {
  gross: number
  /** The concessions the line has, in the order they were applied. */
  concessions: readonly Concession[]
  /** The VAT rate and mode stored on the line; null when it carries no VAT. */
  vat: { rateBp: number; inclusive: boolean } | null
  /** The line's figures as they stand (the invoice's, with every credit so far). */
  concession: number
  vatAmount: number
  net: number
  /** What is still to be paid on the line: its net less what was paid. */
  due: number
}

export interface ConcessionCredit {
  concession: number
  vat: number
  net: number
  income: number
  /** The new concession as computeInvoiceLine applied it (its base and amount). */
  applied: { base: number; amount: number }
}

const none = { concession: 0, vat: 0, net: 0, income: 0 }

export function concessionCredit(
  line: PostedLine,
  added: Concession,
): { ok: true; credit: ConcessionCredit } | ConcessionRefusal {
  const computed = computeInvoiceLine({
    configuredAmount: line.gross,
    override: null,
    concessions: [...line.concessions, added],
    vatHistory: line.vat ? [{ id: 'line', ...line.vat, effectiveFrom: '0000-01-01' }] : [],
    issueDate: '0000-01-01',
  })
  if (!computed.ok) return computed
  const after = computed.line
  const applied = after.explanation.concessions.find((a) => a.concession === added)!
  const result = (figures: typeof none) => ({
    ok: true as const,
    credit: { ...figures, applied: { base: applied.base, amount: applied.amount } },
  })
  const concession = after.concession - line.concession
  const net = line.net - after.net
  // Rounding can make a late fixed concession shrink the percentages more than it adds: no
  // credit then (a concession never raises what a line asks).
  if (concession <= 0 || net <= 0) return result(none)
  const vat = line.vatAmount - after.vat
  const inclusive = line.vat?.inclusive ?? false
  const due = Math.max(0, line.due)
  if (net <= due) return result({ concession, vat, net, income: inclusive ? vat : 0 })
  const cutVat = mulDivHalfUp(vat, due, net)
  return result({
    concession: inclusive ? due : due - cutVat,
    vat: cutVat,
    net: due,
    income: inclusive ? cutVat : 0,
  })
}
