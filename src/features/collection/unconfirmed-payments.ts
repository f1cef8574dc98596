import type { CreatePayment } from '../../shared/schemas/collection-payments.ts'
import { session } from '../../lib/session.ts'
import type { PaymentDraft } from './prepared-payment.ts'

/*
 * Payments sent from the counter whose answer never came, kept in this browser (per user, by
 * the student paid for) until Save gets an answer: a reload, a closed tab or another family
 * opened meanwhile does not lose one, and Save sends it again under the same key, so it is
 * taken once however often it is sent.
 */

export interface Unconfirmed {
  key: string
  body: CreatePayment
  /** What the screen showed, so that it shows the same payment again. */
  draft: PaymentDraft
}

const storeKey = () => `counter-unconfirmed:${session.userData()?.id ?? ''}`

function all(): Record<string, Unconfirmed> {
  try {
    return JSON.parse(localStorage.getItem(storeKey()) ?? '{}') as Record<string, Unconfirmed>
  } catch {
    return {}
  }
}

/** The unconfirmed payment of one of these students (a family), if any. */
export function unconfirmedOf(studentIds: string[]): Unconfirmed | null {
  const kept = all()
  const found = studentIds.find((id) => kept[id])
  return found ? kept[found]! : null
}

/** Keeps (or, given null, forgets) the unconfirmed payment for the student it pays for. */
export function keepUnconfirmed(studentId: string, payment: Unconfirmed | null) {
  const kept = all()
  if (payment) kept[studentId] = payment
  else delete kept[studentId]
  if (Object.keys(kept).length) localStorage.setItem(storeKey(), JSON.stringify(kept))
  else localStorage.removeItem(storeKey())
}
