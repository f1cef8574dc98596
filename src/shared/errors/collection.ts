/** The counter's refusals: finding a family, taking a payment, cancelling a receipt. */
export const collectionErrors = {
  search_required: /*i18n*/ {
    id: 'error.search_required',
    message: 'Type a student ID, name, guardian phone, roll or invoice number.',
  },
  amount_positive: /*i18n*/ {
    id: 'error.amount_positive',
    message: 'The amount must be more than zero.',
  },
  unknown_tender_method: /*i18n*/ {
    id: 'error.unknown_tender_method',
    message: 'Choose how the money was paid.',
  },
  tendered_short: /*i18n*/ {
    id: 'error.tendered_short',
    message: 'The cash handed over is less than the amount.',
  },
  bank_required: /*i18n*/ {
    id: 'error.bank_required',
    message: 'Choose the bank account.',
  },
  unknown_bank_account: /*i18n*/ {
    id: 'error.unknown_bank_account',
    message: 'This bank account is not in the chart of accounts mapping.',
  },
  tender_reference_required: /*i18n*/ {
    id: 'error.tender_reference_required',
    message: 'Give the slip, cheque or transaction number.',
  },
  issuer_required: /*i18n*/ {
    id: 'error.issuer_required',
    message: 'Give the cheque’s bank or the mobile service’s provider.',
  },
  cheque_date_required: /*i18n*/ {
    id: 'error.cheque_date_required',
    message: 'Give the cheque’s date.',
  },
  payment_nothing_to_pay: /*i18n*/ {
    id: 'error.payment_nothing_to_pay',
    message: 'Select at least one line to pay, or an amount for the advance.',
  },
  payment_unbalanced: /*i18n*/ {
    id: 'error.payment_unbalanced',
    message: 'The money received and the advances used must equal what is paid.',
  },
  fine_first: /*i18n*/ {
    id: 'error.fine_first',
    message: 'A line’s fine is paid before its fee: pay the whole fine or waive it first.',
  },
  payment_line_twice: /*i18n*/ {
    id: 'error.payment_line_twice',
    message: 'A line is paid twice in one payment.',
  },
  line_not_open: /*i18n*/ {
    id: 'error.line_not_open',
    message: 'This line is not open for payment (cancelled, or another student’s).',
  },
  line_already_paid: /*i18n*/ {
    id: 'error.line_already_paid',
    message: 'Already paid: {leftMinor} left on {head}. Nothing was saved; load the family again.',
  },
  allocation_over_line: /*i18n*/ {
    id: 'error.allocation_over_line',
    message: 'More than this line asks: it comes to {netMinor}.',
  },
  advance_over_lines: /*i18n*/ {
    id: 'error.advance_over_lines',
    message: 'Advances can pay only the lines being paid, not another advance.',
  },
  fine_changed: /*i18n*/ {
    id: 'error.fine_changed',
    message: 'The fine on {head} is now {fineMinor}. Nothing was saved; load the family again.',
  },
  advance_insufficient: /*i18n*/ {
    id: 'error.advance_insufficient',
    message: 'The student’s advance is only {availableMinor}.',
  },
  not_family_member: /*i18n*/ {
    id: 'error.not_family_member',
    message: 'This student is not of the family being paid for.',
  },
  deposit_over_counted: /*i18n*/ {
    id: 'error.deposit_over_counted',
    message: 'The bank deposit cannot be more than the cash counted.',
  },
  day_already_closed: /*i18n*/ {
    id: 'error.day_already_closed',
    message: 'This day is already closed.',
  },
  day_closed: /*i18n*/ {
    id: 'error.day_closed',
    message: 'Your day at the counter is closed: no more payments today.',
  },
  counted_cash_too_large: /*i18n*/ {
    id: 'error.counted_cash_too_large',
    message: 'No drawer holds that much cash: check the amount counted.',
  },
  day_difference_reason_required: /*i18n*/ {
    id: 'error.day_difference_reason_required',
    message:
      'The count differs from the receipts by more than the institute allows without approval: give the reason; another user approves it.',
  },
  day_closing_not_found: /*i18n*/ {
    id: 'error.day_closing_not_found',
    message: 'This closing of a day was not found.',
  },
  day_difference_self_approval: /*i18n*/ {
    id: 'error.day_difference_self_approval',
    message: 'Another user approves the difference of your own day.',
  },
  day_difference_not_pending: /*i18n*/ {
    id: 'error.day_difference_not_pending',
    message: 'This closing has no difference waiting for approval.',
  },
  over_short_not_mapped: /*i18n*/ {
    id: 'error.over_short_not_mapped',
    message:
      'The count differs from the receipts, and no account is mapped for cash over and short: map one (COA mapping) first.',
  },
  day_not_closed: /*i18n*/ {
    id: 'error.day_not_closed',
    message: 'This day is not closed: there is nothing to reopen.',
  },
  day_reopen_not_today: /*i18n*/ {
    id: 'error.day_reopen_not_today',
    message: 'Only today’s closing can be reopened: an earlier day stays as it was closed.',
  },
  reopen_reason_required: /*i18n*/ {
    id: 'error.reopen_reason_required',
    message: 'Say why the day is reopened.',
  },
  reversal_tender_unknown: /*i18n*/ {
    id: 'error.reversal_tender_unknown',
    message: 'A reversal reference belongs to a card or mobile-money payment of this receipt.',
  },
  receipt_not_found: /*i18n*/ { id: 'error.receipt_not_found', message: 'Receipt not found.' },
  receipt_already_cancelled: /*i18n*/ {
    id: 'error.receipt_already_cancelled',
    message: 'This receipt is already cancelled.',
  },
  advance_already_used: /*i18n*/ {
    id: 'error.advance_already_used',
    message:
      'The advance this receipt added has been used since ({availableMinor} left): undo that first.',
  },
  mobile_provider_required: /*i18n*/ {
    id: 'error.mobile_provider_required',
    message: 'Give the mobile-money provider’s name.',
  },
  mobile_provider_unknown: /*i18n*/ {
    id: 'error.mobile_provider_unknown',
    message: 'Choose a provider from the institute’s list of mobile-money providers.',
  },
  receipt_copies_unknown: /*i18n*/ {
    id: 'error.receipt_copies_unknown',
    message: 'Choose the guardian’s copy alone or both copies.',
  },
}
