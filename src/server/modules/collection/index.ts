import type { Area } from '../../lib/area.ts'
import { onInvoicesWritten } from '../fees/invoices/invoices-written.ts'
import { applyAdvancesAtInvoicing } from './advance-apply.ts'
import { advanceRoutes } from './advances.ts'
import { applicantFeeRoutes } from './applicant-fees.ts'
import { counterRoutes } from './counter.ts'
import { counterSettingsRoutes } from './counter-settings.ts'
import { dayRoutes } from './days.ts'
import { paymentRoutes } from './payments.ts'
import { onOnlinePaymentRefund, onVerifiedOnlinePayment } from '../payments/verified-posting.ts'
import { postOnlinePayment, refundOnlinePayment } from './online-payment-post.ts'
import { publicReceiptRoutes, type PublicReceiptLimits } from './public-receipts.ts'

export const collectionArea = (limits?: PublicReceiptLimits): Area => ({
  name: 'collection',
  mounts: [
    { path: '/collection/counter-settings', routes: counterSettingsRoutes },
    { path: '/collection', routes: counterRoutes },
    { path: '/collection/payments', routes: paymentRoutes },
    { path: '/collection/days', routes: dayRoutes },
    { path: '/collection/advances', routes: advanceRoutes },
    { path: '/collection/applicant-fees', routes: applicantFeeRoutes },
    { path: '/collection/public/receipts', routes: publicReceiptRoutes(limits) },
  ],
  publicEndpoints: [
    // A receipt's verification by the code printed on it (institute, number, day, amount,
    // status only); rate limited per IP.
    'GET /api/collection/public/receipts/:code',
  ],
  idempotencySubjects: ['payment', 'advance'],
  hooks: () => {
    // The policy "apply advances at invoicing", whichever way invoices are written.
    onInvoicesWritten(applyAdvancesAtInvoicing)
    // An online payment, once its gateway confirmed it, is taken as the counter takes one.
    onVerifiedOnlinePayment(postOnlinePayment)
    // A refunded one, as a receipt is cancelled.
    onOnlinePaymentRefund(refundOnlinePayment)
  },
})
