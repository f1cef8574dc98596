import { assertMinor } from './arithmetic.ts'
import {
  applyConcessions,
  type AppliedConcession,
  type Concession,
  type ConcessionRefusal,
} from './concession.ts'
import { vatOf, vatRateOn, type VatRate } from './vat.ts'

/*
 * One invoice line end to end, with every figure and how it was found, for the server to store
 * and post and for the invoice page to explain line by line:
 *   gross       the configured amount of the head for the student's class, or the student's
 *               override of it
 *   concession  applyConcessions over the gross (concession.ts)
 *   VAT         at the head's rate in force on the invoice's issue date (vat.ts), of what the
 *               concessions leave: exclusive VAT is added to it, inclusive VAT is the part of it
 *               that is VAT (an inclusive gross holds VAT, so does the part a concession leaves)
 *   net         what the line asks: gross − concession (+ VAT when exclusive)
 *   income      what the head's income account is credited before the concession is posted
 *               against it: the gross, less the VAT it holds when inclusive
 * so that net = income − concession + VAT to the minor unit (the invoice and concession
 * vouchers balance against the receivable).
 */

/** `C` and `R` keep what the caller's concessions and rates carry, for the explanation. */
export interface InvoiceLineInput<C extends Concession = Concession, R extends VatRate = VatRate> {
  /** The amount configured for the head (session × class × … × cycle), in minor units. */
  configuredAmount: number
  /** The student's own amount for the head, replacing the configured one. */
  override: number | null
  /** The approved concessions that apply to this line (an all-heads fixed one already allocated). */
  concessions: readonly C[]
  /** The head's VAT rates; none when the head carries no VAT. */
  vatHistory: readonly R[]
  issueDate: string
}

interface InvoiceLineFigures<C extends Concession = Concession, R extends VatRate = VatRate> {
  gross: number
  concession: number
  vat: number
  net: number
  income: number
  explanation: {
    gross: { source: 'configured' | 'override'; amount: number }
    concessions: AppliedConcession<C>[]
    /** The rate applied and what it was applied to; null when no rate was in force. */
    vat: { rate: R; base: number; amount: number } | null
  }
}

export function computeInvoiceLine<C extends Concession, R extends VatRate>(
  input: InvoiceLineInput<C, R>,
): { ok: true; line: InvoiceLineFigures<C, R> } | ConcessionRefusal {
  const source = input.override === null ? 'configured' : 'override'
  const gross = input.override ?? input.configuredAmount
  assertMinor(gross, 'A line amount')
  const concessions = applyConcessions(gross, input.concessions)
  if (!concessions.ok) return concessions
  const base = gross - concessions.total
  const rate = vatRateOn(input.vatHistory, input.issueDate)
  const vat = rate ? vatOf(base, rate) : 0
  const inclusive = rate?.inclusive ?? false
  const line: InvoiceLineFigures<C, R> = {
    gross,
    concession: concessions.total,
    vat,
    net: inclusive ? base : base + vat,
    income: inclusive ? gross - vat : gross,
    explanation: {
      gross: { source, amount: gross },
      concessions: concessions.applied,
      vat: rate ? { rate, base, amount: vat } : null,
    },
  }
  return { ok: true, line }
}
