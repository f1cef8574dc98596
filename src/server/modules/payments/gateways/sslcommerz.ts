import { createHash, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import {
  decimalAmount,
  minorOf,
  type GatewayAdapter,
  type MerchantCredentials,
  type ProviderStatus,
} from './gateway.ts'

/*
 * SSLCommerz, the gateway most Bangladeshi institutes use, from its public documentation:
 * the session API (the payer goes to its GatewayPageURL), the IPN listener's signature
 * (`verify_sign`: MD5 over the fields `verify_key` names, sorted, with the MD5 of the store
 * password), and the transaction query by our reference, which is what settles a payment.
 * The store password is the merchant's secret.
 */

/** Where a merchant's gateway lives: its sandbox in test mode, the live one otherwise. */
export type SslcommerzBase = (mode: MerchantCredentials['mode']) => string

export const sslcommerzBases: SslcommerzBase = (mode) =>
  mode === 'live' ? 'https://securepay.sslcommerz.com' : 'https://sandbox.sslcommerz.com'

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')

/** The IPN's signature as SSLCommerz makes it, for its fields and the store password. */
export function sslcommerzSignature(form: URLSearchParams, storePassword: string) {
  const keys = (form.get('verify_key') ?? '').split(',').filter(Boolean)
  const fields = new Map(keys.map((k) => [k, form.get(k) ?? '']))
  fields.set('store_passwd', md5(storePassword))
  const text = [...fields.keys()]
    .sort()
    .map((k) => `${k}=${fields.get(k)}`)
    .join('&')
  return md5(text)
}

const SessionAnswerSchema = v.object({
  status: v.string(),
  GatewayPageURL: v.optional(v.string(), ''),
  failedreason: v.optional(v.string(), ''),
})

const TransactionSchema = v.object({
  status: v.string(),
  tran_id: v.optional(v.string(), ''),
  val_id: v.optional(v.string(), ''),
  bank_tran_id: v.optional(v.string(), ''),
  amount: v.optional(v.string(), ''),
  currency: v.optional(v.string(), ''),
})

const QueryAnswerSchema = v.object({
  APIConnect: v.string(),
  element: v.optional(v.array(TransactionSchema), []),
})

/** The refund API's answer (the same address as the transaction query, with refund fields). */
const RefundAnswerSchema = v.object({
  APIConnect: v.string(),
  status: v.optional(v.string(), ''),
  refund_ref_id: v.optional(v.string(), ''),
  errorReason: v.optional(v.string(), ''),
})

const succeeded = new Set(['VALID', 'VALIDATED'])
/** Attempts that ended unpaid. UNATTEMPTED is not one: the payer may still be on the page. */
const failed: Record<string, ProviderStatus['status']> = {
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'failed',
}

async function answerOf<S extends v.GenericSchema>(res: Response, schema: S, what: string) {
  if (!res.ok) throw new Error(`SSLCommerz ${what} answered ${res.status}`)
  const parsed = v.safeParse(schema, await res.json())
  if (!parsed.success) throw new Error(`SSLCommerz ${what} answered an unexpected shape`)
  return parsed.output as v.InferOutput<S>
}

export function sslcommerzGateway(base: SslcommerzBase = sslcommerzBases): GatewayAdapter {
  return {
    info: {
      id: 'sslcommerz',
      name: 'SSLCommerz',
      refunds: true,
      statusQuery: true,
      currencies: ['BDT', 'USD', 'EUR', 'GBP', 'INR'],
      liveAllowed: true,
    },

    async startSession(_ctx, merchant, request) {
      const form = new URLSearchParams({
        store_id: merchant.storeId,
        store_passwd: merchant.secret,
        total_amount: decimalAmount(request.amountMinor, request.currencyDigits),
        currency: request.currency,
        tran_id: request.reference,
        success_url: request.urls.success,
        fail_url: request.urls.fail,
        cancel_url: request.urls.cancel,
        ipn_url: request.urls.notify,
        cus_name: request.payer.name,
        cus_email: request.payer.email || 'none@example.invalid',
        cus_phone: request.payer.phone,
        cus_add1: 'N/A',
        cus_city: 'N/A',
        cus_country: 'Bangladesh',
        shipping_method: 'NO',
        product_name: request.description.slice(0, 255),
        product_category: 'Education',
        product_profile: 'non-physical-goods',
      })
      const res = await fetch(`${base(merchant.mode)}/gwprocess/v4/api.php`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(15_000),
      })
      const answer = await answerOf(res, SessionAnswerSchema, 'session')
      if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) {
        throw new Error(`SSLCommerz refused the session: ${answer.failedreason || answer.status}`)
      }
      return { redirectUrl: answer.GatewayPageURL }
    },

    referenceOf: (form) => form.get('tran_id') ?? undefined,

    verifySignature(merchant, form) {
      const given = Buffer.from(form.get('verify_sign') ?? '', 'utf8')
      if (!form.get('verify_key')) return false
      const expected = Buffer.from(sslcommerzSignature(form, merchant.secret), 'utf8')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },

    async refund(_ctx, merchant, request) {
      // `refe_id` is ours: the same payment refunded again is the same refund at the gateway.
      const query = new URLSearchParams({
        bank_tran_id: request.transactionId,
        refund_amount: decimalAmount(request.amountMinor, request.currencyDigits),
        refund_remarks: request.reason.slice(0, 255),
        refe_id: request.reference,
        store_id: merchant.storeId,
        store_passwd: merchant.secret,
        v: '1',
        format: 'json',
      })
      const res = await fetch(
        `${base(merchant.mode)}/validator/api/merchantTransIDvalidationAPI.php?${query}`,
        { signal: AbortSignal.timeout(15_000) },
      )
      const answer = await answerOf(res, RefundAnswerSchema, 'refund')
      // "processing" is a refund the gateway took and will pay out: done on our side.
      if (answer.APIConnect !== 'DONE' || !['success', 'processing'].includes(answer.status)) {
        throw new Error(`SSLCommerz refused the refund: ${answer.errorReason || answer.status}`)
      }
      return { refundId: answer.refund_ref_id }
    },

    async status(_ctx, merchant, reference, digits) {
      const query = new URLSearchParams({
        tran_id: reference,
        store_id: merchant.storeId,
        store_passwd: merchant.secret,
        format: 'json',
      })
      const res = await fetch(
        `${base(merchant.mode)}/validator/api/merchantTransIDvalidationAPI.php?${query}`,
        { signal: AbortSignal.timeout(15_000) },
      )
      const answer = await answerOf(res, QueryAnswerSchema, 'transaction query')
      // INVALID_REQUEST, FAILED, INACTIVE…: nothing known, and nothing to settle on.
      if (answer.APIConnect !== 'DONE') {
        throw new Error(`SSLCommerz transaction query: ${answer.APIConnect}`)
      }
      const ours = answer.element.filter((e) => e.tran_id === reference)
      const paid = ours.find((e) => succeeded.has(e.status))
      if (paid) {
        return {
          status: 'succeeded',
          transactionId: paid.bank_tran_id || paid.val_id,
          amountMinor: minorOf(paid.amount, digits),
          currency: paid.currency,
          detail: `sslcommerz ${paid.status}`,
        }
      }
      const ended = ours.map((e) => failed[e.status]).find((s) => s !== undefined)
      return {
        status: ended ?? 'pending',
        transactionId: null,
        amountMinor: null,
        currency: null,
        detail: `sslcommerz ${ours.map((e) => e.status).join(',') || 'no transaction'}`,
      }
    },
  }
}
