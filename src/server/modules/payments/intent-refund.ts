import { chargeLines } from './intent-charges.ts'
import { and, eq, sql } from 'drizzle-orm'
import type { IntentEvent } from '../../db/schema/payments.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher } from '../accounting/posting.ts'
import type { GatewayContext } from './gateways/gateway.ts'
import { gatewayAdapter } from './gateways/registry.ts'
import { merchantCredentials } from './merchant-read.ts'
import { postOnlineRefund, type IntentRow } from './verified-posting.ts'

/*
 * Refunding an online payment, whole: the gateway gives the money back first (asked again, it
 * gives nothing more: the refund is keyed by the payment), then, under the intent's lock, the
 * receipt is cancelled as at the counter and the charges' voucher undone. A gateway that takes
 * no refunds (or refuses this one) changes nothing in the books.
 */

/** The surcharge and the platform's share, posted with the payment, undone. */
async function reverseCharges(tx: GatewayContext['db'], intent: IntentRow, reason: string) {
  const lines = chargeLines(intent, { undone: true })
  if (!lines.length) return
  await postVoucher(tx, intent.instituteId, {
    type: 'journal',
    date: await instituteToday(tx, intent.instituteId),
    narration: `Online payment ${intent.reference} refunded: charges undone (${reason})`,
    lines,
    source: 'payments',
    createdBy: null,
  })
}

const refundable = (intent: IntentRow | undefined, instituteId: string) => {
  if (!intent || intent.instituteId !== instituteId) throw notFound('payment_not_found')
  if (intent.status !== 'succeeded' || !intent.paymentId || !intent.providerTransactionId) {
    throw conflict('payment_not_refundable')
  }
  return intent
}

export async function refundIntent(
  ctx: GatewayContext & { log: Logger },
  o: { instituteId: string; reference: string; reason: string; by: string },
  /** Recorded in the refund's transaction (the audit). */
  done: (tx: GatewayContext['db'], before: IntentRow, after: IntentRow) => Promise<void>,
): Promise<IntentRow> {
  const { db } = ctx
  const [found] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(eq(paymentIntents.instituteId, o.instituteId), eq(paymentIntents.reference, o.reference)),
    )
  const intent = refundable(found, o.instituteId)
  const adapter = gatewayAdapter(intent.provider)
  const box = await ctx.services.secrets()
  const merchant = await merchantCredentials(db, box, intent.instituteId, intent.merchantId)
  if (!adapter.refund || !merchant) throw conflict('payment_not_refundable')
  const [institute] = await db
    .select({ digits: institutes.currencyDigits })
    .from(institutes)
    .where(eq(institutes.id, intent.instituteId))
  let refundId: string
  try {
    ;({ refundId } = await adapter.refund(ctx, merchant, {
      reference: intent.reference,
      transactionId: intent.providerTransactionId!,
      amountMinor: intent.amountMinor + intent.surchargeMinor,
      currencyDigits: institute!.digits,
      reason: o.reason,
    }))
  } catch (e) {
    ctx.log.warn('gateway refund refused', { reference: intent.reference, error: String(e) })
    throw conflict('gateway_refund_failed')
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.id))
      .for('update')
    const before = refundable(locked, o.instituteId)
    await postOnlineRefund(tx, before, o.reason, o.by)
    await reverseCharges(tx, before, o.reason)
    const event: IntentEvent = {
      at: new Date().toISOString(),
      source: 'refund',
      status: 'refunded',
      detail: `${refundId}: ${o.reason}`.slice(0, 300),
    }
    const [after] = await tx
      .update(paymentIntents)
      .set({
        status: 'refunded',
        events: sql`${paymentIntents.events} || ${JSON.stringify([event])}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentIntents.id, intent.id))
      .returning()
    await done(tx, before, after!)
    return after!
  })
}
