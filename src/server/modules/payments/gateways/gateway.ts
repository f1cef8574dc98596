import type { Gateway, GatewayId } from '../../../../shared/schemas/payments.ts'
import type { Services } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'

/*
 * A payment gateway behind one interface: start a session (the payer is sent to its page),
 * check a notification's signature, ask the gateway what became of a payment. Nothing is
 * believed from a notification or the payer's return alone: completion is what `status`
 * answers, from the gateway's own records.
 */

/** A merchant account with its secret opened, for talking to its gateway. */
export interface MerchantCredentials {
  id: string
  instituteId: string
  provider: GatewayId
  mode: 'test' | 'live'
  storeId: string
  secret: string
}

export interface SessionRequest {
  reference: string
  amountMinor: number
  currency: string
  /** The currency's minor digits (2 for taka: 12345 minor units are 123.45). */
  currencyDigits: number
  description: string
  payer: { name: string; phone: string; email: string }
  /** Where the payer comes back to, and where the gateway sends its notification. */
  urls: { success: string; fail: string; cancel: string; notify: string }
}

/** What the gateway says of a payment, from its own records. */
export interface ProviderStatus {
  status: 'succeeded' | 'failed' | 'cancelled' | 'pending'
  transactionId: string | null
  amountMinor: number | null
  currency: string | null
  /** A short note for the intent's history (never a secret). */
  detail: string
}

/** Giving a whole payment back, by the gateway's transaction id. */
export interface RefundRequest {
  reference: string
  transactionId: string
  /** What the payer paid: the amount and the surcharge. */
  amountMinor: number
  currencyDigits: number
  reason: string
}

/** What an adapter may use: the database (the sandbox keeps its books there) and delivery. */
export interface GatewayContext {
  db: Db
  services: Services
}

export interface GatewayAdapter {
  info: Gateway
  startSession(
    ctx: GatewayContext,
    merchant: MerchantCredentials,
    request: SessionRequest,
  ): Promise<{ redirectUrl: string }>
  /** The payment a notification names (before its signature is checked: to find the merchant). */
  referenceOf(form: URLSearchParams): string | undefined
  /** Whether the notification is signed by the merchant's secret. */
  verifySignature(merchant: MerchantCredentials, form: URLSearchParams): boolean
  /** What became of the payment, amounts in minor units of `digits` (the currency's). */
  status(
    ctx: GatewayContext,
    merchant: MerchantCredentials,
    reference: string,
    digits: number,
  ): Promise<ProviderStatus>
  /**
   * Gives the payment back (where `info.refunds`): asked again for the same payment, it refunds
   * nothing more and answers the same refund. Throws when the gateway refuses.
   */
  refund?(
    ctx: GatewayContext,
    merchant: MerchantCredentials,
    request: RefundRequest,
  ): Promise<{ refundId: string }>
}

/** Money in minor units as the gateways write amounts: `12345`, 2 digits → `123.45`. */
export function decimalAmount(minor: number, digits: number): string {
  if (digits === 0) return String(minor)
  const text = String(minor).padStart(digits + 1, '0')
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** A gateway's decimal amount in minor units, exactly; null when it is not one. */
export function minorOf(amount: string | undefined, digits: number): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,4}))?$/.exec(amount?.trim() ?? '')
  if (!match) return null
  const fraction = (match[2] ?? '').padEnd(digits, '0')
  // More digits than the currency has must all be zeros (123.450 taka is 12345).
  if (/[^0]/.test(fraction.slice(digits))) return null
  return Number(match[1]) * 10 ** digits + Number(fraction.slice(0, digits) || '0')
}
