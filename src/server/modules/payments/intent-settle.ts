import { chargeLines } from './intent-charges.ts'
import { eq, sql } from 'drizzle-orm'
import type { IntentStatus } from '../../../shared/schemas/payments.ts'
import type { Db } from '../../db/client.ts'
import { paymentIntents, type IntentEvent } from '../../db/schema/payments.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { ApiException } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher } from '../accounting/posting.ts'
import type { GatewayContext, ProviderStatus } from './gateways/gateway.ts'
import { gatewayAdapter } from './gateways/registry.ts'
import { merchantCredentials } from './merchant-read.ts'
import { postVerifiedPayment, type IntentRow } from './verified-posting.ts'

/*
 * Settling an intent by what the gateway says of it. The notification, the payer's return and
 * reconciliation may all arrive at once: each asks the gateway's status API (a notification's
 * own claims are never believed), then changes the intent under its row lock, so the first to
 * find it open settles it and the others find it settled.
 */

export const openStatuses: readonly IntentStatus[] = ['created', 'pending']

/**
 * Closed unpaid by what the gateway said then. It may yet say paid (a second try on its page
 * after a failed one, a payment after the intent expired): that payment is recorded as any.
 */
const closedUnpaid: readonly IntentStatus[] = ['failed', 'cancelled', 'expired']

export type SettleSource = IntentEvent['source']

/** An intent the gateway still calls pending after this long expires at reconciliation. */
export const expireAfterMs = 24 * 60 * 60_000

/** The intent's history with one more event. */
export const appended = (event: IntentEvent) =>
  sql`${paymentIntents.events} || ${JSON.stringify([event])}::jsonb`

/**
 * Asks the intent's gateway what became of it and settles it so; answers the intent as it is
 * (still open when the gateway could not be asked).
 */
export async function checkAndSettle(
  ctx: GatewayContext & { log: Logger },
  reference: string,
  source: SettleSource,
): Promise<IntentRow | undefined> {
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, reference))
  if (!intent || ![...openStatuses, ...closedUnpaid].includes(intent.status)) return intent
  const box = await ctx.services.secrets()
  const merchant = await merchantCredentials(ctx.db, box, intent.instituteId, intent.merchantId)
  if (!merchant) return intent
  const [institute] = await ctx.db
    .select({ digits: institutes.currencyDigits })
    .from(institutes)
    .where(eq(institutes.id, intent.instituteId))
  let verified: ProviderStatus
  try {
    verified = await gatewayAdapter(intent.provider).status(
      ctx,
      merchant,
      reference,
      institute!.digits,
    )
  } catch (e) {
    // The gateway unreachable or answering nonsense: the intent stays open, and reconciliation
    // asks again later.
    ctx.log.warn('gateway status not read', { reference, source, error: String(e) })
    return intent
  }
  const settled = await settle(ctx.db, ctx.log, reference, verified, source)
  // A posted payment queued the guardian's copy of the receipt.
  if (settled?.status === 'succeeded') ctx.services.outbox.kick()
  return settled
}

/** Records what the gateway said of the intent and, for a payment it took, posts it once. */
export async function settle(
  db: Db,
  log: Logger,
  reference: string,
  verified: ProviderStatus,
  source: SettleSource,
): Promise<IntentRow | undefined> {
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.reference, reference))
      .for('update')
    if (!intent) return intent
    const paidAfterClosing = closedUnpaid.includes(intent.status) && verified.status === 'succeeded'
    if (!openStatuses.includes(intent.status) && !paidAfterClosing) return intent
    const event = (status: string, detail = verified.detail): IntentEvent => ({
      at: new Date().toISOString(),
      source,
      status,
      detail,
    })
    const write = async (set: Partial<IntentRow>, e: IntentEvent) => {
      const [row] = await tx
        .update(paymentIntents)
        .set({ ...set, events: appended(e), updatedAt: sql`now()`, checkedAt: sql`now()` })
        .where(eq(paymentIntents.id, intent.id))
        .returning()
      return row
    }
    if (verified.status === 'pending') {
      // A day without an outcome: the payer gave up; a payment made later starts anew.
      if (source === 'reconciliation' && Date.now() - intent.createdAt.getTime() > expireAfterMs) {
        return write({ status: 'expired' }, event('expired'))
      }
      const [row] = await tx
        .update(paymentIntents)
        .set({ checkedAt: sql`now()` })
        .where(eq(paymentIntents.id, intent.id))
        .returning()
      return row
    }
    if (verified.status !== 'succeeded')
      return write({ status: verified.status }, event(verified.status))

    const transactionId = verified.transactionId ?? ''
    const total = intent.amountMinor + intent.surchargeMinor
    if (verified.amountMinor !== total || verified.currency !== intent.currency) {
      log.warn('online payment held', { reference, reason: 'payment_amount_mismatch' })
      return write(
        {
          status: 'held',
          heldReason: 'payment_amount_mismatch',
          providerTransactionId: transactionId,
        },
        event('held', `paid ${verified.amountMinor} ${verified.currency}`),
      )
    }
    try {
      const paymentId = await tx.transaction(async (sp) => {
        const id = await postVerifiedPayment(sp, intent, transactionId)
        await postCharges(sp, intent)
        return id
      })
      return write(
        { status: 'succeeded', paymentId, providerTransactionId: transactionId },
        event('succeeded'),
      )
    } catch (e) {
      // The gateway took the money but the books refuse it (the fee was paid meanwhile, an
      // account is not mapped): held for an operator, never lost.
      if (!(e instanceof ApiException)) throw e
      log.warn('online payment held', { reference, reason: e.code })
      return write(
        { status: 'held', heldReason: e.code, providerTransactionId: transactionId },
        event('held', e.code),
      )
    }
  })
}

/**
 * The surcharge the payer paid on top (Dr gateway clearing, Cr surcharge income) and the
 * platform's share (Dr franchise fees, Cr franchise fees payable), in one voucher.
 */
async function postCharges(tx: Db, intent: IntentRow) {
  const lines = chargeLines(intent)
  if (!lines.length) return
  await postVoucher(tx, intent.instituteId, {
    type: intent.surchargeMinor > 0 ? 'receipt' : 'journal',
    date: await instituteToday(tx, intent.instituteId),
    narration: `Online payment ${intent.reference}: charges`,
    lines,
    source: 'payments',
    createdBy: null,
  })
}
