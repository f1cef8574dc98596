import * as v from 'valibot'
import { CounterMatchSchema, TenderSchema } from './collection-payments.ts'
import { isoDate } from './dates.ts'
import { minor, MinorUnitsSchema } from './minor-units.ts'
import { id, text } from './primitives.ts'

/*
 * An applicant's application fee: found at the counter by the short reference the tracking page
 * gives them (or name, phone) and taken like any payment, or recorded from a bank deposit slip
 * on the applicant's page.
 */

/** An applicant whose fee is due, as the counter's search names them. */
export const CounterApplicantSchema = v.object({
  applicantId: v.string(),
  shortReference: v.string(),
  applicantName: v.string(),
  phone: v.string(),
  formTitle: v.string(),
  feeMinor: minor,
})
export type CounterApplicant = v.InferOutput<typeof CounterApplicantSchema>

/** `/api/collection/search`: students (and their invoices), then applicants whose fee is due. */
export const CounterSearchResultSchema = v.object({
  data: v.array(CounterMatchSchema),
  applicants: v.optional(v.array(CounterApplicantSchema), []),
})
export type CounterSearchResult = v.InferOutput<typeof CounterSearchResultSchema>

/** The applicant at the counter: their fee, the receipt that paid it (if any), the banks. */
export const ApplicantFeeSchema = v.object({
  ...CounterApplicantSchema.entries,
  status: v.string(),
  /** The posted receipt that took the fee, while it stands. */
  receiptId: v.nullable(v.string()),
  bankAccounts: v.array(v.string()),
})
export type ApplicantFee = v.InferOutput<typeof ApplicantFeeSchema>

/** `POST /api/collection/applicant-fees`: the fee, exactly, in one or more tenders. */
export const TakeApplicantFeeSchema = v.object({
  applicantId: id,
  tenders: v.pipe(
    v.array(TenderSchema),
    v.minLength(1, 'payment_nothing_to_pay'),
    v.maxLength(5, 'too_long'),
  ),
})
export type TakeApplicantFee = v.InferInput<typeof TakeApplicantFeeSchema>

/** `POST /api/admission/applicants/:id/fee-deposit`: a fee paid at the bank, from its slip. */
export const ApplicantFeeDepositSchema = v.object({
  paidOn: v.pipe(v.string('deposit_date_required'), v.nonEmpty('deposit_date_required'), isoDate),
  amountMinor: v.pipe(MinorUnitsSchema, v.minValue(1, 'amount_positive')),
  bankAccount: text(120, 'bank_required'),
  reference: text(60, 'tender_reference_required'),
})
export type ApplicantFeeDeposit = v.InferInput<typeof ApplicantFeeDepositSchema>

/** The bank accounts (COA mapping keys) a deposit slip may have paid into. */
export const BankAccountListSchema = v.object({ data: v.array(v.string()) })
export type BankAccountList = v.InferOutput<typeof BankAccountListSchema>
