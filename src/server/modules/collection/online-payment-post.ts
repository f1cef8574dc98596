import type { Db } from '../../db/client.ts'
import { gatewayAdapter } from '../payments/gateways/registry.ts'
import type { IntentRow } from '../payments/verified-posting.ts'
import { takeApplicantFee } from './applicant-fee-take.ts'
import { cancelPayment } from './payment-cancel.ts'

/**
 * A verified online payment, taken as the counter takes one whose tender is the gateway: Dr
 * gateway clearing, a receipt of the same series, no cashier and no drawer. Keyed by the
 * intent, so it is taken once whatever calls it.
 */
export async function postOnlinePayment(tx: Db, intent: IntentRow, transactionId: string) {
  const tender = {
    method: 'online' as const,
    amountMinor: intent.amountMinor,
    bankAccount: '',
    reference: transactionId,
    issuer: gatewayAdapter(intent.provider).info.name,
  }
  const options = {
    collectedBy: null,
    idempotencyKey: `online:${intent.reference}`,
    payloadHash: intent.payloadHash,
  }
  return takeApplicantFee(
    tx,
    intent.instituteId,
    { applicantId: intent.applicantId ?? '', tenders: [tender] },
    options,
  )
}

/** A refunded online payment: its receipt cancelled with the refund's reason. */
export async function refundOnlinePayment(tx: Db, intent: IntentRow, reason: string, by: string) {
  await cancelPayment(tx, intent.instituteId, intent.paymentId ?? undefined, reason, by)
}
