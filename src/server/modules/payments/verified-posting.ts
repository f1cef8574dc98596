import type { Db } from '../../db/client.ts'
import type { paymentIntents } from '../../db/schema/payments.ts'

export type IntentRow = typeof paymentIntents.$inferSelect

/**
 * Posts a verified online payment as collection takes any payment (numbered receipt, receipt
 * voucher, the applicant's fee or the lines paid) in the settling transaction, under the
 * intent's lock; answers the payment's id. Throws a refusal (ApiException) when it cannot post.
 */
type VerifiedPoster = (tx: Db, intent: IntentRow, transactionId: string) => Promise<string>

let poster: VerifiedPoster | undefined

/**
 * Collection adds its poster as the app is composed, so payments never calls into it (nothing
 * imports collection). Added again (another app in the process), the last one stands.
 */
export function onVerifiedOnlinePayment(post: VerifiedPoster) {
  poster = post
}

export function postVerifiedPayment(...args: Parameters<VerifiedPoster>) {
  if (!poster) throw new Error('no poster for online payments: is the collection area composed?')
  return poster(...args)
}

/**
 * Undoes a refunded online payment's posting as a receipt is cancelled (reversing voucher, the
 * applicant's fee or the lines due again), in the refund's transaction.
 */
type RefundPoster = (tx: Db, intent: IntentRow, reason: string, by: string) => Promise<void>

let refundPoster: RefundPoster | undefined

/** Collection adds it beside the poster (see onVerifiedOnlinePayment). */
export function onOnlinePaymentRefund(post: RefundPoster) {
  refundPoster = post
}

export function postOnlineRefund(...args: Parameters<RefundPoster>) {
  if (!refundPoster) throw new Error('no refund poster: is the collection area composed?')
  return refundPoster(...args)
}
