import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MappingPurpose } from '../../shared/schemas/accounting.ts'
import type { AccountType, VoucherType } from '../../shared/schemas/accounting-queries.ts'

/** The five account types; their level-1 accounts are shown by these names. */
export const accountTypeLabels: Record<AccountType, MessageDescriptor> = {
  asset: msg`Assets`,
  liability: msg`Liabilities`,
  equity: msg`Equity`,
  income: msg`Income`,
  expense: msg`Expenses`,
}

/** What each of the five levels of the chart is called (level 1 first). */
export const levelLabels: MessageDescriptor[] = [
  msg`Account type`,
  msg`Main head`,
  msg`Sub head`,
  msg`Child head`,
  msg`Sub-child head`,
]

export const voucherTypeLabels: Record<VoucherType, MessageDescriptor> = {
  journal: msg`Journal`,
  receipt: msg`Receipt`,
  payment: msg`Payment`,
  contra: msg`Contra`,
}

/** The printed voucher's title. */
export const voucherTitles: Record<VoucherType, MessageDescriptor> = {
  journal: msg`Journal voucher`,
  receipt: msg`Receipt voucher`,
  payment: msg`Payment voucher`,
  contra: msg`Contra voucher`,
}

export const mappingPurposeLabels: Record<MappingPurpose, MessageDescriptor> = {
  cash: msg`Cash`,
  bank: msg`Bank account`,
  gateway_clearing: msg`Payment gateway clearing`,
  fee_receivable: msg`Fee receivable`,
  student_advance: msg`Student advances`,
  vat_payable: msg`VAT payable`,
  fine_income: msg`Fine income`,
  concession: msg`Fee concessions`,
  salary_expense: msg`Salary expense`,
  salary_payable: msg`Salary payable`,
  fee_income: msg`Fee income`,
  cash_over_short: msg`Cash over and short`,
  admission_fee_income: msg`Admission fee income`,
  online_charge_income: msg`Online payment surcharges`,
  franchise_expense: msg`Franchise fees`,
  franchise_payable: msg`Franchise fees payable`,
  gateway_charge_expense: msg`Payment gateway charges`,
}

export const mappingPurposeHelp: Record<MappingPurpose, MessageDescriptor> = {
  cash: msg`Where counter collections in cash are received.`,
  bank: msg`Each bank account the institute banks with, by its name.`,
  gateway_clearing: msg`Online payments until the gateway settles them.`,
  fee_receivable: msg`What students owe once they are invoiced.`,
  student_advance: msg`Money received before it is due.`,
  vat_payable: msg`VAT collected with fees, owed to the tax office.`,
  fine_income: msg`Late payment fines.`,
  concession: msg`Concessions given on fees.`,
  salary_expense: msg`Salaries earned by staff.`,
  salary_payable: msg`Salaries owed but not yet paid.`,
  fee_income: msg`The income account of a fee head.`,
  cash_over_short: msg`What a cashier's drawer counted above or below its receipts at closing.`,
  admission_fee_income: msg`Application fees applicants pay at the counter or by bank deposit.`,
  online_charge_income: msg`What payers pay on top of an online payment to cover the gateway's charge.`,
  franchise_expense: msg`The payment platform's share of each online payment.`,
  franchise_payable: msg`The payment platform's shares not yet paid to it.`,
  gateway_charge_expense: msg`What a payment gateway keeps of the money it pays out to the bank.`,
}
