import type { Db } from '../../db/client.ts'
import { gatewayAdapter } from '../payments/gateways/registry.ts'
import type { IntentRow } from '../payments/verified-posting.ts'
import { takeApplicantFee } from './applicant-fee-take.ts'
import { cancelPayment } from './payment-cancel.ts'
import { takePayment } from './payment-create.ts'
import { queueGuardianCopy } from './receipt-copy.ts'
import { findReceipt } from './receipt-read.ts'

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
  if (!intent.studentId) {
    return takeApplicantFee(
      tx,
      intent.instituteId,
      { applicantId: intent.applicantId ?? '', tenders: [tender] },
      options,
    )
  }
  // A guardian's dues: the lines as the intent fixed them, refused (and the payment held) when
  // the counter took any of them meanwhile.
  const id = await takePayment(
    tx,
    intent.instituteId,
    {
      studentId: intent.studentId,
      tenders: [tender],
      allocations: intent.lines.map((l) => ({ ...l })),
      advanceUsed: [],
      toAdvance: null,
    },
    { ...options, finesAsOf: intent.finesAsOf },
  )
  const receipt = await findReceipt(tx, intent.instituteId, id, (path) => path)
  await queueGuardianCopy(tx, intent.instituteId, intent.studentId, receipt!)
  return id
}

/** A refunded online payment: its receipt cancelled with the refund's reason. */
export async function refundOnlinePayment(tx: Db, intent: IntentRow, reason: string, by: string) {
  await cancelPayment(tx, intent.instituteId, intent.paymentId ?? undefined, reason, by)
}
