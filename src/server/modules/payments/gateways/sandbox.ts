import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { sandboxSessions } from '../../../db/schema/payments.ts'
import type { GatewayAdapter, ProviderStatus } from './gateway.ts'

/*
 * The built-in sandbox gateway: a hosted page on this server (sandbox-pages.ts) where a tester
 * pays, fails or cancels, notifications signed with the merchant's secret (HMAC-SHA256 over
 * the sorted fields), and a status query over its own books (sandbox_sessions). It takes test
 * payments only: a live merchant on it is refused.
 */

/** The fields a notification carries, signed in this order. */
const signedFields = ['amount', 'currency', 'status', 'store_id', 'tran_id', 'val_id'] as const

export function sandboxSignature(secret: string, form: URLSearchParams) {
  const text = signedFields.map((f) => `${f}=${form.get(f) ?? ''}`).join('&')
  return createHmac('sha256', secret).update(text).digest('hex')
}

const statusOf: Record<string, ProviderStatus['status']> = {
  paid: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  created: 'pending',
  // Given back: it was paid (the intent's refund records the rest).
  refunded: 'succeeded',
}

export const sandboxGateway: GatewayAdapter = {
  info: {
    id: 'sandbox',
    name: 'Sandbox',
    refunds: true,
    statusQuery: true,
    currencies: ['BDT', 'USD', 'EUR', 'INR'],
    liveAllowed: false,
  },

  async startSession({ db }, merchant, request) {
    const [session] = await db
      .insert(sandboxSessions)
      .values({
        instituteId: merchant.instituteId,
        merchantId: merchant.id,
        storeId: merchant.storeId,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency,
        notifyUrl: request.urls.notify,
        successUrl: request.urls.success,
        failUrl: request.urls.fail,
      })
      .returning({ id: sandboxSessions.id })
    const origin = new URL(request.urls.notify).origin
    return { redirectUrl: `${origin}/api/payments/sandbox/${session!.id}` }
  },

  referenceOf: (form) => form.get('tran_id') ?? undefined,

  verifySignature(merchant, form) {
    const given = Buffer.from(form.get('signature') ?? '', 'utf8')
    const expected = Buffer.from(sandboxSignature(merchant.secret, form), 'utf8')
    return given.length === expected.length && timingSafeEqual(given, expected)
  },

  async refund({ db }, merchant, request) {
    const [session] = await db
      .update(sandboxSessions)
      .set({ status: 'refunded' })
      .where(
        and(
          eq(sandboxSessions.merchantId, merchant.id),
          eq(sandboxSessions.reference, request.reference),
          eq(sandboxSessions.transactionId, request.transactionId),
          inArray(sandboxSessions.status, ['paid', 'refunded']),
        ),
      )
      .returning({ id: sandboxSessions.id })
    if (!session) throw new Error(`sandbox: no paid session for ${request.reference}`)
    return { refundId: `SBX-REFUND-${session.id.slice(0, 8)}` }
  },

  async status({ db }, merchant, reference) {
    const [session] = await db
      .select()
      .from(sandboxSessions)
      .where(
        and(eq(sandboxSessions.merchantId, merchant.id), eq(sandboxSessions.reference, reference)),
      )
      .orderBy(desc(sandboxSessions.createdAt))
      .limit(1)
    if (!session) {
      return {
        status: 'pending',
        transactionId: null,
        amountMinor: null,
        currency: null,
        detail: 'no session',
      }
    }
    return {
      status: statusOf[session.status] ?? 'pending',
      transactionId: session.transactionId,
      amountMinor: session.amountMinor,
      currency: session.currency,
      detail: `sandbox ${session.status}`,
    }
  },
}
