/** The receipt a payment gives: as printed, as anyone holding its code verifies it, its prints. */
import * as v from 'valibot'
import { PrintInstituteSchema, printLanguages } from './invoice-print.ts'
import { receiptCopyChoices } from './counter-settings.ts'
import { minor } from './minor-units.ts'
import { tenderMethods } from './collection-search.ts'

export const receiptStatuses = ['posted', 'cancelled'] as const

export const ReceiptLineSchema = v.object({
  studentId: v.string(),
  invoiceNumber: v.string(),
  feeHeadName: v.string(),
  periodName: v.nullable(v.string()),
  principalMinor: minor,
  fineMinor: minor,
})

export const ReceiptTenderSchema = v.object({
  method: v.picklist(tenderMethods),
  amountMinor: minor,
  tenderedMinor: v.nullable(minor),
  changeMinor: minor,
  bankAccount: v.string(),
  reference: v.string(),
  issuer: v.string(),
  chequeDate: v.nullable(v.string()),
  /** The provider's reference of the reversal, once the receipt is cancelled ('' if none). */
  reversalReference: v.string(),
})

/** A receipt: what was paid, for whom, how, and what the family still owes after it. */
export const ReceiptSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.picklist(receiptStatuses),
  receivedOn: v.string(),
  receivedAt: v.string(),
  campusName: v.string(),
  /** The receipt's campus's own address (empty: the institute's). */
  campusAddress: v.string(),
  /** Who paid: the family's guardian (else the student looked up). */
  payerName: v.nullable(v.string()),
  cashierName: v.nullable(v.string()),
  students: v.array(
    v.object({
      studentId: v.string(),
      studentCode: v.string(),
      fullName: v.string(),
      className: v.nullable(v.string()),
      roll: v.nullable(v.number()),
      /** What this receipt paid of the child's lines (fines included). */
      paidMinor: minor,
    }),
  ),
  lines: v.array(ReceiptLineSchema),
  /** An applicant's application fee (then no students and no lines). */
  applicant: v.optional(
    v.nullable(
      v.object({
        applicantName: v.string(),
        shortReference: v.string(),
        formTitle: v.string(),
      }),
    ),
    null,
  ),
  tenders: v.array(ReceiptTenderSchema),
  advanceUsedMinor: minor,
  toAdvanceMinor: minor,
  /** The money received (the tenders). */
  receivedMinor: minor,
  /** What the receipt's students still owe, fines as of its day left out. */
  balanceDueMinor: minor,
  voucherReference: v.string(),
  /** The code that verifies it on the public page. */
  verifyCode: v.string(),
  /** The public page's address (under the server's PUBLIC_URL), which its QR code holds. */
  verifyUrl: v.string(),
  cancelledAt: v.nullable(v.string()),
  cancelReason: v.string(),
  /** The paper of the invoice print settings: receipts print in the same style. */
  paper: v.picklist(['a4', 'a5', 'thermal80']),
  /** The institute's choice: the guardian's copy alone, or the office's copy on the same run. */
  copies: v.picklist(receiptCopyChoices),
  /** The print settings' language (else the institute's): the receipt prints in it. */
  language: v.picklist(printLanguages),
  institute: PrintInstituteSchema,
})
export type Receipt = v.InferOutput<typeof ReceiptSchema>

/**
 * A receipt's verification code as printed on it: ten characters without look-alikes (no 0, 1,
 * I, L or O). Typed in lower case it is the same code.
 */
export const VerifyCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-HJKMNP-Z2-9]{10}$/, 'invalid_value'),
)

/**
 * `GET /api/collection/public/receipts/:code`, open to anyone holding the code: the
 * receipt's institute, number, day, amount (its total as printed: the money received and any
 * advance used) and whether it stands or was cancelled. Nothing about who paid or for what.
 */
export const ReceiptVerificationSchema = v.object({
  instituteName: v.string(),
  number: v.string(),
  receivedOn: v.string(),
  amountMinor: minor,
  currency: v.string(),
  currencyDigits: v.number(),
  status: v.picklist(receiptStatuses),
})
export type ReceiptVerification = v.InferOutput<typeof ReceiptVerificationSchema>

/** A print of a receipt, logged: the first is the original, every later one a duplicate. */
export const ReceiptPrintSchema = v.object({
  copy: v.number(),
  printedAt: v.string(),
})
export type ReceiptPrint = v.InferOutput<typeof ReceiptPrintSchema>
