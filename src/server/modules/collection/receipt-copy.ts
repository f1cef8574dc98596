import type { MessageDescriptor } from '@lingui/core'
import { notices } from '../../../shared/messages/notices.ts'
import { formatMoney } from '../../../shared/money.ts'
import type { Db } from '../../db/client.ts'
import { localeOf, textIn } from '../../lib/messages.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { students } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/**
 * The guardian's copy of a receipt, queued in the caller's transaction (sent once it commits):
 * by SMS to the family's phone and by email to the guardian's address, when there are any, in
 * the institute's language. Answers whether anything was queued.
 */
export async function queueGuardianCopy(
  tx: Db,
  instituteId: string,
  studentId: string,
  receipt: Receipt,
): Promise<boolean> {
  return queueToGuardian(tx, instituteId, studentId, receipt, {
    subject: notices.receiptCopySubject,
    body: notices.receiptCopyBody,
  })
}

/**
 * The cancellation of a receipt, told the way its copy was (the same guardian, channels and
 * language): the amount reversed, the reason and what is due again. Read the receipt after the
 * cancellation, so its still-due is the figure now.
 */
export async function queueGuardianCancellation(
  tx: Db,
  instituteId: string,
  receipt: Receipt,
): Promise<boolean> {
  const payer = receipt.students[0]
  if (!payer) return false
  return queueToGuardian(tx, instituteId, payer.studentId, receipt, {
    subject: notices.receiptCancelledSubject,
    body: notices.receiptCancelledBody,
  })
}

async function queueToGuardian(
  tx: Db,
  instituteId: string,
  studentId: string,
  receipt: Receipt,
  texts: { subject: MessageDescriptor; body: MessageDescriptor },
): Promise<boolean> {
  const [payer] = await tx
    .select({
      guardianPhone: students.guardianPhone,
      guardianEmail: students.guardianEmail,
      familyKey: students.familyKey,
    })
    .from(students)
    .where(rowKey(students, instituteId, studentId))
  if (!payer) return false
  const { institute } = receipt
  const locale = localeOf(institute.locale)
  const money = (minor: number) =>
    formatMoney(minor, institute.currency, locale, institute.currencyDigits)
  const values = {
    institute: institute.name,
    number: receipt.number,
    amount: money(receipt.receivedMinor + receipt.advanceUsedMinor),
    students: receipt.students.map((s) => s.fullName).join(', '),
    due: money(receipt.balanceDueMinor),
    code: receipt.verifyCode,
    reason: receipt.cancelReason,
  }
  const message = {
    instituteId,
    subject: textIn(locale, texts.subject, values),
    body: textIn(locale, texts.body, values),
  }
  const email = payer.guardianEmail.trim()
  if (payer.familyKey) {
    await enqueueMessage(tx, { ...message, channel: 'sms', recipient: payer.guardianPhone })
  }
  if (email) await enqueueMessage(tx, { ...message, channel: 'email', recipient: email })
  return Boolean(payer.familyKey || email)
}
