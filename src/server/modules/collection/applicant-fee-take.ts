import type { KeptTender } from '../../../shared/schemas/collection-payments.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema/collection.ts'
import { validationFailed } from '../../lib/errors.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher, type PostingLine } from '../accounting/posting.ts'
import { firstCampusId } from '../students/student-create.ts'
import {
  applicantWithFeeDue,
  assertAdmissionFeeMapped,
  setApplicationFeeStatus,
} from '../admission/application-fee-status.ts'
import { openDrawer } from './cashier-day.ts'
import {
  assertBankAccounts,
  insertTenders,
  takeReceiptNumber,
  tenderAccount,
  verifyCode,
  type TakeOptions,
} from './payment-create.ts'

/**
 * Takes an applicant's application fee at the counter (or online: no cashier) in the caller's
 * transaction, as a payment is taken: the cashier's day must be open, the tenders come to the fee exactly, a receipt of
 * the same series (the institute's first campus: an applicant has none yet), one receipt
 * voucher (Dr each money account, Cr admission fee income). The application becomes fee paid.
 */
export async function takeApplicantFee(
  tx: Db,
  instituteId: string,
  body: { applicantId: string; tenders: KeptTender[] },
  options: TakeOptions,
): Promise<string> {
  const applicant = await applicantWithFeeDue(tx, instituteId, body.applicantId)
  const received = body.tenders.reduce((s, t) => s + t.amountMinor, 0)
  if (received !== applicant.fee) {
    throw validationFailed({
      tenders: { code: 'application_fee_amount', values: { feeMinor: applicant.fee } },
    })
  }
  const today = await instituteToday(tx, instituteId)
  // Online (no cashier), the money is in no drawer.
  if (options.collectedBy) await openDrawer(tx, instituteId, options.collectedBy, today)
  await assertBankAccounts(tx, instituteId, body.tenders)
  await assertAdmissionFeeMapped(tx, instituteId)

  const campusId = await firstCampusId(tx, instituteId)
  const { fiscalYear, sequence, number } = await takeReceiptNumber(tx, instituteId, campusId, today)
  const lines: PostingLine[] = body.tenders.map((t) => ({
    ...tenderAccount(t),
    debit: t.amountMinor,
    memo: number,
  }))
  lines.push({ purpose: 'admission_fee_income', credit: received, memo: number })
  const voucher = await postVoucher(tx, instituteId, {
    type: 'receipt',
    date: today,
    narration: `Receipt ${number}: application fee ${applicant.shortReference}`,
    lines,
    source: 'collection',
    createdBy: options.collectedBy,
  })
  const [row] = await tx
    .insert(payments)
    .values({
      instituteId,
      campusId,
      number,
      fiscalYear,
      sequence,
      applicantId: applicant.id,
      receivedOn: today,
      amountMinor: received,
      balanceAfterMinor: 0,
      voucherId: voucher.id,
      verifyCode: verifyCode(),
      collectedBy: options.collectedBy,
      idempotencyKey: options.idempotencyKey,
      payloadHash: options.payloadHash,
    })
    .returning({ id: payments.id })
  const paymentId = row!.id
  await insertTenders(tx, instituteId, paymentId, body.tenders)
  await setApplicationFeeStatus(tx, instituteId, applicant.id, 'fee_paid')
  return paymentId
}
