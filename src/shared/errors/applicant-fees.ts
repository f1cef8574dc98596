/** Taking an applicant's application fee: at the counter, or recorded from a bank slip. */
export const applicantFeeErrors = {
  application_fee_not_due: /*i18n*/ {
    id: 'error.application_fee_not_due',
    message:
      'This application’s fee is not due: {status, select, fee_paid {it is already paid} other {its status is {status}}}.',
  },
  application_fee_amount: /*i18n*/ {
    id: 'error.application_fee_amount',
    message: 'The application fee is {feeMinor}: the payment must come to exactly that.',
  },
  admission_fee_income_unmapped: /*i18n*/ {
    id: 'error.admission_fee_income_unmapped',
    message:
      'No account is mapped as admission fee income: map one in the chart of accounts mapping first.',
  },
  deposit_date_required: /*i18n*/ {
    id: 'error.deposit_date_required',
    message: 'Give the date on the deposit slip.',
  },
  deposit_date_future: /*i18n*/ {
    id: 'error.deposit_date_future',
    message: 'The deposit slip’s date cannot be after today.',
  },
}
