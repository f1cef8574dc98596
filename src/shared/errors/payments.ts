/** Online payments: merchant set-up, starting a payment, gateways' notifications. */
export const paymentErrors = {
  unknown_gateway: /*i18n*/ {
    id: 'error.unknown_gateway',
    message: 'Choose one of the payment gateways offered.',
  },
  unknown_merchant_mode: /*i18n*/ {
    id: 'error.unknown_merchant_mode',
    message: 'Choose test or live.',
  },
  merchant_name_required: /*i18n*/ {
    id: 'error.merchant_name_required',
    message: 'Give the merchant account a name, such as the campus it collects for.',
  },
  store_id_required: /*i18n*/ {
    id: 'error.store_id_required',
    message: 'Give the store ID the gateway gave the institute.',
  },
  merchant_secret_required: /*i18n*/ {
    id: 'error.merchant_secret_required',
    message: 'Give the store password or secret key the gateway gave the institute.',
  },
  merchant_live_not_allowed: /*i18n*/ {
    id: 'error.merchant_live_not_allowed',
    message: 'The sandbox gateway takes test payments only: set this merchant to test mode.',
  },
  store_id_taken: /*i18n*/ {
    id: 'error.store_id_taken',
    message: 'Another merchant of this gateway has this store ID.',
  },
  merchant_not_found: /*i18n*/ { id: 'error.merchant_not_found', message: 'No such merchant.' },
  settlement_bank_required: /*i18n*/ {
    id: 'error.settlement_bank_required',
    message: 'Choose the bank account the gateway pays this merchant’s money into.',
  },
  unknown_payment_service: /*i18n*/ {
    id: 'error.unknown_payment_service',
    message: 'Choose one of the services that can be paid online.',
  },
  unknown_charge_bearer: /*i18n*/ {
    id: 'error.unknown_charge_bearer',
    message: 'Choose who bears the gateway’s charge.',
  },
  online_payment_not_offered: /*i18n*/ {
    id: 'error.online_payment_not_offered',
    message: 'This institute does not take this payment online: pay at its counter or bank.',
  },
  payment_in_progress: /*i18n*/ {
    id: 'error.payment_in_progress',
    message:
      'A payment of this, or of part of it, was started {minutes, plural, one {a minute} other {# minutes}} ago and is not finished yet: finish it on the page it opened, or go on with it here.',
  },
  payment_opening: /*i18n*/ {
    id: 'error.payment_opening',
    message:
      'A payment of this is being started in another window: finish it there, or try again in a minute.',
  },
  payment_not_found: /*i18n*/ { id: 'error.payment_not_found', message: 'No such payment.' },
  payment_amount_mismatch: /*i18n*/ {
    id: 'error.payment_amount_mismatch',
    message: 'The gateway took another amount than was asked: the payment is held for review.',
  },
  notification_unverified: /*i18n*/ {
    id: 'error.notification_unverified',
    message: 'The notification’s signature does not check out: nothing was done.',
  },
  refund_reason_required: /*i18n*/ {
    id: 'error.refund_reason_required',
    message: 'Say why the payment is refunded: the reason is kept with the refund.',
  },
  payment_not_refundable: /*i18n*/ {
    id: 'error.payment_not_refundable',
    message:
      'Only a payment that was taken and posted can be refunded; this one was not, or is refunded already.',
  },
  gateway_refund_failed: /*i18n*/ {
    id: 'error.gateway_refund_failed',
    message: 'The gateway did not refund the payment: nothing was changed in the books.',
  },
  settlement_reference_required: /*i18n*/ {
    id: 'error.settlement_reference_required',
    message: 'Give the payout’s reference as the bank statement shows it.',
  },
  charge_over_gross: /*i18n*/ {
    id: 'error.charge_over_gross',
    message: 'The gateway’s charge cannot be more than what it settled.',
  },
  settlement_recorded: /*i18n*/ {
    id: 'error.settlement_recorded',
    message: 'A payout with this reference is already recorded for this merchant.',
  },
  settlement_account_missing: /*i18n*/ {
    id: 'error.settlement_account_missing',
    message: 'Choose the bank this merchant settles to first.',
  },
  gateway_unavailable: /*i18n*/ {
    id: 'error.gateway_unavailable',
    message: 'The payment gateway could not be reached. Try again in a moment.',
  },
  student_id_required: /*i18n*/ {
    id: 'error.student_id_required',
    message: 'Type the student ID as it is on the student’s card or invoice.',
  },
  guardian_proof_required: /*i18n*/ {
    id: 'error.guardian_proof_required',
    message: 'Type the guardian’s phone number, or the student’s date of birth.',
  },
  guardian_not_matched: /*i18n*/ {
    id: 'error.guardian_not_matched',
    message:
      'No student matches these details. Check the student ID and the phone number or date of birth the institute has.',
  },
  guardian_access_expired: /*i18n*/ {
    id: 'error.guardian_access_expired',
    message: 'This page was open too long. Enter the student’s details again.',
  },
  guardian_phone_missing: /*i18n*/ {
    id: 'error.guardian_phone_missing',
    message:
      'The institute has no phone number for this student’s guardian to send the code to. Ask the institute to add it.',
  },
  invoice_choose_one: /*i18n*/ {
    id: 'error.invoice_choose_one',
    message: 'Choose at least one invoice to pay.',
  },
  invoice_not_open: /*i18n*/ {
    id: 'error.invoice_not_open',
    message: 'An invoice you chose is paid or changed meanwhile. Look at the invoices again.',
  },
}
