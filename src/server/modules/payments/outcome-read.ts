import { and, eq } from 'drizzle-orm'
import type { PaymentOutcome } from '../../../shared/schemas/payments.ts'
import type { Db } from '../../db/client.ts'
import { applicants } from '../../db/schema/admission.ts'
import { payments } from '../../db/schema/collection.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { students } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { applicationPagePath, studentInvoicePath } from '../../../shared/public-pages.ts'
import type { IntentRow } from './verified-posting.ts'

/** The intent as its payer sees it: status, amounts, the receipt, the page to go back to. */
export async function outcomeOf(db: Db, intent: IntentRow): Promise<PaymentOutcome> {
  const [receipt] = intent.paymentId
    ? await db
        .select({ number: payments.number, verifyCode: payments.verifyCode })
        .from(payments)
        .where(and(eq(payments.instituteId, intent.instituteId), eq(payments.id, intent.paymentId)))
    : []
  const [student] = intent.studentId
    ? await db
        .select({ code: students.studentCode, slug: institutes.slug })
        .from(students)
        .innerJoin(institutes, eq(institutes.id, students.instituteId))
        .where(rowKey(students, intent.instituteId, intent.studentId))
    : []
  const [back] = intent.applicantId
    ? await db
        .select({
          slug: institutes.slug,
          formId: applicants.formId,
          temporaryId: applicants.temporaryId,
        })
        .from(applicants)
        .innerJoin(institutes, eq(institutes.id, applicants.instituteId))
        .where(
          and(
            eq(applicants.instituteId, intent.instituteId),
            eq(applicants.id, intent.applicantId),
          ),
        )
    : []
  return {
    reference: intent.reference,
    status: intent.status,
    service: intent.service,
    amountMinor: intent.amountMinor,
    surchargeMinor: intent.surchargeMinor,
    totalMinor: intent.amountMinor + intent.surchargeMinor,
    currency: intent.currency,
    receipt: receipt ?? null,
    backTo: student
      ? studentInvoicePath(student.slug, student.code)
      : back
        ? applicationPagePath(back.slug, back.formId, back.temporaryId)
        : '/',
  }
}
