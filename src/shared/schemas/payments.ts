import * as v from 'valibot'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, optionalText, text } from './primitives.ts'
import { listQuerySchema, pagedSchema } from './list.ts'
import { isoDate } from './dates.ts'

/*
 * Online payments: the gateways the platform speaks, an institute's merchant accounts and the
 * services it offers online, and payment intents — an applicant's fee or a student's dues paid
 * through a gateway, with the amount fixed by the server.
 */

export const gatewayIds = ['sandbox', 'sslcommerz'] as const
export type GatewayId = (typeof gatewayIds)[number]

/** What can be paid online. */
export const paymentServices = ['admission_fee', 'dues'] as const
export type PaymentService = (typeof paymentServices)[number]

export const merchantModes = ['test', 'live'] as const
export const chargeBearers = ['institute', 'payer'] as const

export const intentStatuses = [
  'created',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'held',
  'refunded',
] as const
export type IntentStatus = (typeof intentStatuses)[number]

/** A gateway the platform knows, with what it can do. */
export const GatewaySchema = v.object({
  id: v.picklist(gatewayIds),
  name: v.string(),
  refunds: v.boolean(),
  statusQuery: v.boolean(),
  currencies: v.array(v.string()),
  /** The sandbox only ever takes test payments. */
  liveAllowed: v.boolean(),
})
export type Gateway = v.InferOutput<typeof GatewaySchema>
export const GatewayListSchema = v.object({ data: v.array(GatewaySchema) })

/** A merchant account as the API shows it: its secret only as set or not. */
export const MerchantSchema = v.object({
  id: v.string(),
  provider: v.picklist(gatewayIds),
  name: v.string(),
  mode: v.picklist(merchantModes),
  storeId: v.string(),
  secretSet: v.boolean(),
  /** The bank account (its COA mapping key) the gateway settles to. */
  settlementBankAccount: v.string(),
  active: v.boolean(),
})
export type Merchant = v.InferOutput<typeof MerchantSchema>
export const MerchantListSchema = v.object({
  data: v.array(MerchantSchema),
  /** The chart's bank accounts (COA mapping keys) a merchant may settle to. */
  bankAccounts: v.array(v.string()),
})
export type MerchantList = v.InferOutput<typeof MerchantListSchema>

/** `PUT /api/payments/merchants/:id/settlement-account`: only where the gateway pays out. */
export const SettlementAccountInputSchema = v.object({
  settlementBankAccount: text(120, 'settlement_bank_required'),
})
export type SettlementAccountInput = v.InferInput<typeof SettlementAccountInputSchema>

/** A merchant account as saved: the secret is written, never read back; left empty, kept. */
export const MerchantInputSchema = v.object({
  provider: v.picklist(gatewayIds, 'unknown_gateway'),
  name: text(120, 'merchant_name_required'),
  mode: v.picklist(merchantModes, 'unknown_merchant_mode'),
  storeId: text(120, 'store_id_required'),
  secret: optionalText(500),
  settlementBankAccount: optionalText(120),
  active: v.optional(v.boolean(), true),
})
export type MerchantInput = v.InferInput<typeof MerchantInputSchema>

/** Basis points: 250 is 2.5 %. */
const basisPoints = v.pipe(MinorUnitsSchema, v.maxValue(10_000, 'percent_over_100'))

/** A service the institute offers online: who bears the charge, the platform's share. */
export const InstituteServiceSchema = v.object({
  service: v.picklist(paymentServices, 'unknown_payment_service'),
  enabled: v.boolean(),
  /** Who bears the gateway charge: the institute, or the payer as a surcharge shown first. */
  bearer: v.picklist(chargeBearers, 'unknown_charge_bearer'),
  surchargeFixedMinor: MinorUnitsSchema,
  surchargeBasisPoints: basisPoints,
  franchiseFixedMinor: MinorUnitsSchema,
  franchiseBasisPoints: basisPoints,
  /** Dues: the student invoice page asks for a code sent to the guardian's phone first. */
  guardianCode: v.optional(v.boolean(), false),
})
export type InstituteService = v.InferOutput<typeof InstituteServiceSchema>
export const InstituteServiceListSchema = v.object({ data: v.array(InstituteServiceSchema) })

/** Which merchant collects a service for a campus. */
export const CampusMerchantSchema = v.object({
  campusId: id,
  service: v.picklist(paymentServices, 'unknown_payment_service'),
  merchantId: id,
})
export type CampusMerchant = v.InferOutput<typeof CampusMerchantSchema>
export const CampusMerchantListSchema = v.object({
  data: v.array(CampusMerchantSchema),
  /** What the rows may name: the institute's campuses and merchants. */
  campuses: v.array(v.object({ id: v.string(), name: v.string() })),
  merchants: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      provider: v.picklist(gatewayIds),
      active: v.boolean(),
    }),
  ),
})
export type CampusMerchantList = v.InferOutput<typeof CampusMerchantListSchema>
export const CampusMerchantPutSchema = v.object({
  data: v.pipe(v.array(CampusMerchantSchema), v.maxLength(500, 'too_long')),
})

/** `/fintech`: each gateway with the institute's merchants on it and what they collect where. */
export const PaymentOverviewSchema = v.object({
  providers: v.array(
    v.object({
      gateway: GatewaySchema,
      merchants: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          mode: v.picklist(merchantModes),
          active: v.boolean(),
          collects: v.array(
            v.object({ service: v.picklist(paymentServices), campusName: v.string() }),
          ),
        }),
      ),
    }),
  ),
  services: v.array(InstituteServiceSchema),
  /** Payments held for review: the operator's first task. */
  heldCount: v.number(),
})
export type PaymentOverview = v.InferOutput<typeof PaymentOverviewSchema>

/** `fixed + amount × basis points / 10,000`, rounded half up: exact, in minor units. */
export const shareOf = (amountMinor: number, fixedMinor: number, basisPoints: number) =>
  fixedMinor + Math.floor((amountMinor * basisPoints + 5_000) / 10_000)

/** What the payer is charged on top of the amount: nothing when the institute bears it. */
export const surchargeOf = (amountMinor: number, service: InstituteService) =>
  service.bearer === 'payer'
    ? shareOf(amountMinor, service.surchargeFixedMinor, service.surchargeBasisPoints)
    : 0

/** What an online payment would be, shown before the payer goes to the gateway. */
export const OnlineQuoteSchema = v.object({
  service: v.picklist(paymentServices),
  amountMinor: minor,
  surchargeMinor: minor,
  totalMinor: minor,
  currency: v.string(),
  provider: v.picklist(gatewayIds),
  providerName: v.string(),
})
export type OnlineQuote = v.InferOutput<typeof OnlineQuoteSchema>

/** `POST /api/payments/public/:institute/intents`: what to pay; the server fixes the amount. */
export const StartPaymentSchema = v.variant('purpose', [
  v.object({
    purpose: v.literal('admission_fee'),
    temporaryId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'application_not_found')),
  }),
  /** A guardian's (the student invoice page): the invoices chosen, each paid in full. */
  v.object({
    purpose: v.literal('dues'),
    /** What the guardian's check answered (student-invoice.ts). */
    access: v.pipe(
      v.string(),
      v.nonEmpty('guardian_access_expired'),
      v.maxLength(2000, 'too_long'),
    ),
    invoiceIds: v.pipe(
      v.array(id),
      v.minLength(1, 'invoice_choose_one'),
      v.maxLength(50, 'too_long'),
    ),
  }),
])
export type StartPayment = v.InferInput<typeof StartPaymentSchema>

export const StartedPaymentSchema = v.object({
  reference: v.string(),
  /** Where the payer goes next: the gateway's page. */
  redirectUrl: v.string(),
})
export type StartedPayment = v.InferOutput<typeof StartedPaymentSchema>

/** A payment's reference as the gateway and the return pages carry it. */
export const IntentReferenceSchema = v.pipe(
  v.string(),
  v.regex(/^OP[A-Z0-9]{16}$/, 'payment_not_found'),
)

/** A payment as its payer sees it once back from the gateway. */
export const PaymentOutcomeSchema = v.object({
  reference: v.string(),
  status: v.picklist(intentStatuses),
  service: v.picklist(paymentServices),
  amountMinor: minor,
  surchargeMinor: minor,
  totalMinor: minor,
  currency: v.string(),
  /** The receipt that took it, once posted. */
  receipt: v.nullable(v.object({ number: v.string(), verifyCode: v.string() })),
  /** The page the payer came from (the application's tracking page). */
  backTo: v.string(),
})
export type PaymentOutcome = v.InferOutput<typeof PaymentOutcomeSchema>

/** `/admission/payment/$institute/online-payment?form=&application=`: whose fee is paid. */
export const OnlinePaymentSearchSchema = v.object({
  form: v.optional(v.string(), ''),
  application: v.optional(v.string(), ''),
})

/** `/payment/successful|failed/$institute?reference=`: the payment back from the gateway. */
export const PaymentOutcomeSearchSchema = v.object({ reference: v.optional(v.string(), '') })

/** `GET /api/payments/intents`: online payments, newest first, by status (held ones to review). */
export const IntentListQuerySchema = v.object({
  ...listQuerySchema(['createdAt', 'amount']).entries,
  status: v.optional(v.picklist(intentStatuses, 'unknown_status')),
})

/** An online payment as the operator sees it: what was asked, what the gateway said, why held. */
export const IntentRowSchema = v.object({
  reference: v.string(),
  status: v.picklist(intentStatuses),
  service: v.picklist(paymentServices),
  payerName: v.string(),
  amountMinor: minor,
  surchargeMinor: minor,
  currency: v.string(),
  provider: v.picklist(gatewayIds),
  providerTransactionId: v.nullable(v.string()),
  /** Why a payment the gateway took was held (an error code), else empty. */
  heldReason: v.string(),
  receiptNumber: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  events: v.array(
    v.object({
      at: v.string(),
      source: v.string(),
      status: v.string(),
      detail: v.optional(v.string()),
    }),
  ),
})
export type IntentRow = v.InferOutput<typeof IntentRowSchema>

/** `POST /api/payments/intents/:reference/refund`: the whole payment, with why. */
export const RefundInputSchema = v.object({ reason: text(500, 'refund_reason_required') })
export type RefundInput = v.InferInput<typeof RefundInputSchema>
export const RefundedPaymentSchema = v.object({
  reference: v.string(),
  status: v.picklist(intentStatuses),
})
export type RefundedPayment = v.InferOutput<typeof RefundedPaymentSchema>
export const IntentListSchema = pagedSchema(IntentRowSchema)

/**
 * `POST /api/payments/merchants/:id/settlements`: a gateway's payout as the bank statement shows
 * it — the gross it settled, the charge it kept (the bank received the difference).
 */
export const SettlementInputSchema = v.pipe(
  v.object({
    settledOn: isoDate,
    grossMinor: v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive')),
    chargeMinor: MinorUnitsSchema,
    reference: text(120, 'settlement_reference_required'),
  }),
  v.forward(
    v.check((s) => s.chargeMinor <= s.grossMinor, 'charge_over_gross'),
    ['chargeMinor'],
  ),
)
export type SettlementInput = v.InferInput<typeof SettlementInputSchema>

export const SettlementSchema = v.object({
  id: v.string(),
  merchantId: v.string(),
  settledOn: v.string(),
  grossMinor: minor,
  chargeMinor: minor,
  reference: v.string(),
  voucherId: v.string(),
})
export type Settlement = v.InferOutput<typeof SettlementSchema>

/** Each merchant's money taken online, what the gateway has paid out of it, and the payouts. */
export const SettlementListSchema = v.object({
  merchants: v.array(
    v.object({
      merchantId: v.string(),
      name: v.string(),
      settlementBankAccount: v.string(),
      /** What payers paid through it (amounts and surcharges, refunds left out). */
      collectedMinor: minor,
      settledMinor: minor,
    }),
  ),
  settlements: v.array(SettlementSchema),
})
export type SettlementList = v.InferOutput<typeof SettlementListSchema>
