import type { MessageDescriptor } from '@lingui/core'

/** The chart of accounts, its mapping and configuration, vouchers and reports. */
export const accountingErrors = {
  // Accounting
  account_not_found: /*i18n*/ { id: 'error.account_not_found', message: 'No such account' },
  mapping_not_found: /*i18n*/ { id: 'error.mapping_not_found', message: 'No such mapping' },
  voucher_not_found: /*i18n*/ { id: 'error.voucher_not_found', message: 'No such voucher' },
  account_name_required: /*i18n*/ {
    id: 'error.account_name_required',
    message: 'Please enter the account name.',
  },
  digits_only: /*i18n*/ { id: 'error.digits_only', message: 'Digits only.' },
  one_entry_per_level: /*i18n*/ {
    id: 'error.one_entry_per_level',
    message: 'One entry per level ({levels}).',
  },
  month_range: /*i18n*/ { id: 'error.month_range', message: 'A month, 1–12.' },
  amount_required: /*i18n*/ { id: 'error.amount_required', message: 'Enter an amount.' },
  amount_fraction: /*i18n*/ {
    id: 'error.amount_fraction',
    message: 'Amounts are whole minor units (no fractions).',
  },
  amount_negative: /*i18n*/ { id: 'error.amount_negative', message: 'Amounts cannot be negative.' },
  amount_too_large: /*i18n*/ { id: 'error.amount_too_large', message: 'This amount is too large.' },
  unknown_purpose: /*i18n*/ { id: 'error.unknown_purpose', message: 'Unknown purpose.' },
  voucher_type_required: /*i18n*/ {
    id: 'error.voucher_type_required',
    message: 'Choose the voucher type.',
  },
  narration_required: /*i18n*/ {
    id: 'error.narration_required',
    message: 'Please describe the voucher.',
  },
  line_one_side: /*i18n*/ {
    id: 'error.line_one_side',
    message: 'Each line is either a debit or a credit.',
  },
  voucher_two_lines: /*i18n*/ {
    id: 'error.voucher_two_lines',
    message: 'A voucher has at least two lines.',
  },
  voucher_unbalanced: /*i18n*/ {
    id: 'error.voucher_unbalanced',
    message: 'Debits and credits must be equal.',
  },
  unknown_account: /*i18n*/ { id: 'error.unknown_account', message: 'Unknown account.' },
  head_too_deep: /*i18n*/ {
    id: 'error.head_too_deep',
    message: 'A sub-child head cannot have accounts under it.',
  },
  has_postings: /*i18n*/ {
    id: 'error.has_postings',
    message: 'An account with postings cannot have accounts under it.',
  },
  no_free_code: /*i18n*/ {
    id: 'error.no_free_code',
    message: 'No free code is left under this head.',
  },
  gl_code_taken: /*i18n*/ { id: 'error.gl_code_taken', message: 'Another account has this code.' },
  gl_code_shape: /*i18n*/ {
    id: 'error.gl_code_shape',
    message: "Use the parent's code {parent} followed by {digits} digits.",
  },
  account_type_root: /*i18n*/ {
    id: 'error.account_type_root',
    message: 'The five account types cannot be changed.',
  },
  account_type_root_delete: /*i18n*/ {
    id: 'error.account_type_root_delete',
    message: 'The five account types cannot be deleted.',
  },
  head_inside_account: /*i18n*/ {
    id: 'error.head_inside_account',
    message: 'Choose a head outside this account.',
  },
  head_wrong_level: /*i18n*/ {
    id: 'error.head_wrong_level',
    message: 'Choose a head one level above this account.',
  },
  postings_keep_type: /*i18n*/ {
    id: 'error.postings_keep_type',
    message: 'An account with postings cannot move to another account type.',
  },
  has_children: /*i18n*/ {
    id: 'error.has_children',
    message: 'Delete or move the accounts under it first.',
  },
  has_postings_delete: /*i18n*/ {
    id: 'error.has_postings_delete',
    message: 'An account with postings cannot be deleted: deactivate it.',
  },
  mapped: /*i18n*/ {
    id: 'error.mapped',
    message: 'This account is mapped to a purpose: change the COA mapping first.',
  },
  mapped_type: /*i18n*/ {
    id: 'error.mapped_type',
    message: 'This account is mapped to a purpose of its type: change the COA mapping first.',
  },
  mapping_key_required: /*i18n*/ {
    id: 'error.mapping_key_required',
    message: 'Name which one this is.',
  },
  mapping_single: /*i18n*/ {
    id: 'error.mapping_single',
    message: 'This purpose has a single account.',
  },
  mapping_leaf: /*i18n*/ {
    id: 'error.mapping_leaf',
    message: 'Choose a leaf account: heads take no postings.',
  },
  mapping_type: /*i18n*/ {
    id: 'error.mapping_type',
    message: 'This purpose needs an account of type {type}, not {actual}.',
  },
  account_inactive_posting: /*i18n*/ {
    id: 'error.account_inactive_posting',
    message: 'This account is deactivated.',
  },
  posting_leaf_only: /*i18n*/ {
    id: 'error.posting_leaf_only',
    message: 'Only a leaf account takes postings.',
  },
  no_mapped_account: /*i18n*/ {
    id: 'error.no_mapped_account',
    message: 'No account is mapped for {purpose}.',
  },
  vouchers_posted: /*i18n*/ {
    id: 'error.vouchers_posted',
    message: 'The fiscal year cannot move once vouchers are posted.',
  },
  lock_date_in_future: /*i18n*/ {
    id: 'error.lock_date_in_future',
    message: 'The books cannot be closed beyond today.',
  },
  date_locked: /*i18n*/ {
    id: 'error.date_locked',
    message: 'The books are closed through {lockDate}: choose a date from {from} to {to}.',
  },
  date_not_open: /*i18n*/ {
    id: 'error.date_not_open',
    message:
      'Choose a date from {from} to {to}: vouchers go in the previous, current or next fiscal year.',
  },
  receipt_side: /*i18n*/ {
    id: 'error.receipt_side',
    message: 'A receipt brings money in: debit a cash, bank or gateway account.',
  },
  payment_side: /*i18n*/ {
    id: 'error.payment_side',
    message: 'A payment pays money out: credit a cash, bank or gateway account.',
  },
  contra_accounts: /*i18n*/ {
    id: 'error.contra_accounts',
    message: 'A contra voucher only moves money between cash, bank and gateway accounts.',
  },
  same_account_both_sides: /*i18n*/ {
    id: 'error.same_account_both_sides',
    message:
      'This account is already on the other side: a voucher cannot debit and credit the same account.',
  },
  already_reversed: /*i18n*/ {
    id: 'error.already_reversed',
    message: 'This voucher has already been reversed.',
  },
  reversal_in_module: /*i18n*/ {
    id: 'error.reversal_in_module',
    message:
      '{source, select, invoice {This voucher was posted by an invoice: cancel the invoice instead.} collection {This voucher was posted at the counter: cancel the receipt instead.} other {This voucher was posted by another part of the product: undo it there.}}',
  },
  reversal_of_reversal: /*i18n*/ {
    id: 'error.reversal_of_reversal',
    message: 'A reversing voucher cannot itself be reversed.',
  },
  reversal_before_voucher: /*i18n*/ {
    id: 'error.reversal_before_voucher',
    message: 'A reversal cannot be dated before the voucher it reverses.',
  },
} satisfies Record<string, MessageDescriptor>
