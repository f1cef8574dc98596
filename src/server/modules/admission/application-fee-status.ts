import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { coaMappings } from '../../db/schema/accounting.ts'
import { applicants } from '../../db/schema/admission.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { isUuid } from '../../lib/ids.ts'

/*
 * An application fee is taken once, at the counter or from a bank slip: both lock the applicant,
 * check the fee is due and that admission fee income is mapped, and mark it paid; a cancelled
 * counter receipt makes it due again.
 */

/** The applicant, locked, whose fee is due: else 404, or 409 naming the status. */
export async function applicantWithFeeDue(tx: Db, instituteId: string, id: string | undefined) {
  if (!isUuid(id)) throw notFound('applicant_not_found')
  const [applicant] = await tx
    .select()
    .from(applicants)
    .where(rowKey(applicants, instituteId, id))
    .for('no key update')
  if (!applicant) throw notFound('applicant_not_found')
  if (applicant.status !== 'fee_due' || applicant.fee <= 0) {
    throw conflict('application_fee_not_due', { values: { status: applicant.status } })
  }
  return applicant
}

/** Refused before anything posts when no account is mapped as admission fee income. */
export async function assertAdmissionFeeMapped(tx: Db, instituteId: string) {
  const [mapped] = await tx
    .select({ id: coaMappings.id })
    .from(coaMappings)
    .where(
      and(
        eq(coaMappings.instituteId, instituteId),
        eq(coaMappings.purpose, 'admission_fee_income'),
      ),
    )
  if (!mapped) throw conflict('admission_fee_income_unmapped')
}

export async function setApplicationFeeStatus(
  tx: Db,
  instituteId: string,
  applicantId: string,
  status: 'fee_paid' | 'fee_due',
) {
  await tx
    .update(applicants)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        rowKey(applicants, instituteId, applicantId),
        // Only the fee's own step: a decision taken since is never undone by a receipt.
        eq(applicants.status, status === 'fee_paid' ? 'fee_due' : 'fee_paid'),
      ),
    )
}
