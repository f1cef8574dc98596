import type { Allocation } from '../schemas/collection-payments.ts'
import { assertMinor } from './arithmetic.ts'

/*
 * Where the money received at the counter goes, so that the screen's preview and the server's
 * checks agree to the minor unit: oldest due first, then the fee head's priority (lower first),
 * then the invoice and line order; on each line its fine before its principal. A line may be paid
 * in part; what is left over after the last line is the rest (an advance, if the cashier keeps it).
 */

export interface DueLine {
  lineId: string
  dueDate: string
  priority: number
  invoiceNumber: string
  /** The principal still due. */
  dueMinor: number
  /** The fine as of today still due. */
  fineMinor: number
}

/** The counter's order: oldest due first, then the head's priority, then invoice and line. */
export function byCollectionOrder<T extends DueLine>(lines: readonly T[]): T[] {
  return [...lines].sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      a.priority - b.priority ||
      a.invoiceNumber.localeCompare(b.invoiceNumber),
  )
}

/** What paying `lines` in full comes to: principal and fines. */
export const totalDue = (lines: readonly DueLine[]) =>
  lines.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)

/**
 * Spreads `amountMinor` over `lines` in the counter's order. Lines it does not reach get no
 * allocation; the rest is what is left after every line is paid in full.
 */
export function allocate(
  lines: readonly DueLine[],
  amountMinor: number,
): { allocations: Allocation[]; restMinor: number } {
  assertMinor(amountMinor, 'An amount received')
  let left = amountMinor
  const allocations: Allocation[] = []
  for (const line of byCollectionOrder(lines)) {
    if (left === 0) break
    const fineMinor = Math.min(left, line.fineMinor)
    left -= fineMinor
    const principalMinor = Math.min(left, line.dueMinor)
    left -= principalMinor
    if (fineMinor + principalMinor > 0) {
      allocations.push({ lineId: line.lineId, principalMinor, fineMinor })
    }
  }
  return { allocations, restMinor: left }
}
